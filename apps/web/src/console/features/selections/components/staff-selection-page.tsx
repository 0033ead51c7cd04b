import type { IntegrationSelectionDetail } from '@portal/contract';
import { formatChangeOrderDate } from '@portal/contract/change-order-constants';
import { SELECTION_STATUS_LABELS } from '@portal/contract/selection-constants';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SELECTION_TONES, StatusBadge } from '../../../../components/status-badge';
import { Button } from '../../../../components/ui/button';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { formatDay } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { AreaSwitchedOff } from '../../../components/area-switched-off';
import { RecordMissing } from '../../../components/record-missing';
import { RecordHeading } from '../../../components/record-page';
import { useSelection } from '../api/get-selections';
import { AllowanceTrail } from './allowance-trail';
import { ChoiceHistory, CurrentChoice } from './choice-evidence';
import { ChooseForCustomer } from './choose-for-customer';
import { selectionsUrl, selectionUrl } from './links';
import { OptionsSection } from './options-section';
import { SelectionActions } from './selection-actions';
import { SelectionDetailsForm } from './selection-form';

function SwitchedOff() {
  return (
    <div className="mb-4">
      <AreaSwitchedOff area="is_portal_selections_enabled" label="Selections" />
    </div>
  );
}

/** A new selection of the project: its details first; its options are added on its page. */
export function NewSelectionPage({ projectId }: { projectId: number }) {
  const navigate = useNavigate();
  const back: string = selectionsUrl(projectId);
  return (
    <>
      <RecordHeading back={back} backLabel="Selections" title="New selection" />
      <SwitchedOff />
      <SelectionDetailsForm
        projectId={projectId}
        onSaved={(saved) => {
          toast.success('Selection added', `${saved.title}: add the options the customer chooses from.`);
          const to: string = selectionUrl(projectId, saved.id);
          void navigate({ to });
        }}
        buttons={(pending) => (
          <>
            <Button variant="ghost" onClick={() => void navigate({ to: back })}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              Create the selection
            </Button>
          </>
        )}
      />
    </>
  );
}

/** Where the selection stands, in one line under its heading: the deadline and the lock. */
function StateLine({ selection }: { selection: IntegrationSelectionDetail }) {
  const parts = [
    selection.deadline ? `Deadline ${formatChangeOrderDate(selection.deadline)}` : 'No deadline',
    selection.locked_at ? `Locked on ${formatDay(selection.locked_at)}` : selection.can_choose ? 'The customers may choose' : null,
  ].filter(Boolean);
  return <p className="-mt-2 mb-4 text-sm text-slate-600">{parts.join(' · ')}</p>;
}

/**
 * One selection in the console: what may be done with it (lock, reset, choose for the customer), the current choice
 * with its evidence, the allowance's money and change orders, the options with their photos, its details, and the
 * history of its choices.
 */
export function StaffSelectionPage({ projectId, selectionId }: { projectId: number; selectionId: number }) {
  const query = useSelection(selectionId);
  const [choosing, setChoosing] = useState(false);
  if (query.isPending) return <PageSpinner />;
  if (query.isError || query.data.project_id !== projectId) return <RecordMissing error={query.error} noun="selection" owner="project" />;
  const selection = query.data;
  return (
    <>
      <RecordHeading back={selectionsUrl(projectId)} backLabel="Selections" title={selection.title}>
        <StatusBadge tone={SELECTION_TONES[selection.status]} label={SELECTION_STATUS_LABELS[selection.status]} />
      </RecordHeading>
      <StateLine selection={selection} />
      <SwitchedOff />
      <div className="flex flex-col gap-6">
        <SelectionActions projectId={projectId} selection={selection} choosing={choosing} onChoose={() => setChoosing(true)} />
        {choosing && !selection.locked_at ? <ChooseForCustomer selection={selection} onDone={() => setChoosing(false)} /> : null}
        {selection.choice ? <CurrentChoice choice={selection.choice} /> : null}
        {selection.allowance ? <AllowanceTrail projectId={projectId} allowanceId={selection.allowance.id} /> : null}
        <OptionsSection selection={selection} />
        <SelectionDetailsForm
          projectId={projectId}
          selection={selection}
          onSaved={() => toast.success('Selection saved', 'The customers see the change on their next page.')}
          buttons={(pending) => (
            <Button type="submit" variant="ghost" disabled={pending}>
              Save the details
            </Button>
          )}
        />
        <ChoiceHistory selection={selection} />
      </div>
    </>
  );
}
