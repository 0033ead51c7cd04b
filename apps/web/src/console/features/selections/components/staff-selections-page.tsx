import { AreaSwitchedOff } from '../../../components/area-switched-off';
import { AllowancesSection } from './allowances-section';
import { SelectionsSection } from './selections-section';

/** A project's Selections tab in the console: its allowances with their money, then its selections by room. */
export function StaffSelectionsPage({ projectId }: { projectId: number }) {
  return (
    <div className="flex flex-col gap-8">
      <AreaSwitchedOff area="is_portal_selections_enabled" label="Selections" />
      <AllowancesSection projectId={projectId} />
      <SelectionsSection projectId={projectId} />
    </div>
  );
}
