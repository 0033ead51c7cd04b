import type { PortalEntity } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { MapPin } from 'lucide-react';
import { addressLines, entityLabel } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** With no project picked: every shared project as a card to pick from. */
export function ProjectCards({ entities }: { entities: PortalEntity[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {entities.map((entity) => {
        const [street, city] = entity.model ? addressLines(entity.model) : ['', ''];
        return (
          <li key={entity.id}>
            <Link
              {...paths.index({ entity: entity.id })}
              className="flex h-full flex-col gap-2 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300"
            >
              <span className="text-lg font-semibold text-slate-900">{entityLabel(entity)}</span>
              {entity.model?.number ? <span className="text-sm text-slate-600">No. {entity.model.number}</span> : null}
              <span className="mt-auto flex items-start gap-2 text-sm text-slate-700">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                <span>
                  {street}
                  <br />
                  {city}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
