import type { PortalEntity } from '@portal/contract';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LabelledSelect } from '../../../../components/labelled-select';
import { entityLabel } from '../../../../lib/format';

/** docs/requirements.md 4.3: each option reads "Project: {name}", or "Project: {street}" when the project has no name. */
export function ProjectPicker({ entities, current }: { entities: PortalEntity[]; current: number | undefined }) {
  const navigate = useNavigate();
  // The choice shows at once, before the navigation it starts has finished loading.
  const [chosen, setChosen] = useState<{ from: number | undefined; value: number } | null>(null);
  const value = chosen && chosen.from === current ? chosen.value : current;
  return (
    <LabelledSelect
      label="Showing"
      className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3"
      labelClassName="text-sm font-medium text-slate-700"
      selectClassName="min-w-0 rounded-full border border-slate-300 bg-white py-2 pr-10 pl-4 text-base font-medium text-slate-900 shadow-xs sm:max-w-md"
      value={value ?? ''}
      onChange={(picked) => {
        const entity = Number(picked);
        setChosen({ from: current, value: entity });
        void navigate({ to: '/', search: { entity } });
      }}
    >
      {current === undefined ? (
        <option value="" disabled>
          Choose a project
        </option>
      ) : null}
      {entities.map((entity) => (
        <option key={entity.id} value={entity.id}>
          {entityLabel(entity)}
        </option>
      ))}
    </LabelledSelect>
  );
}
