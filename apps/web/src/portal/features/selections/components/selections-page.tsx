import { SELECTION_STATUS_LABELS } from '@portal/contract/selection-constants';
import type { Selection } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { SwatchBook } from 'lucide-react';
import { useId } from 'react';
import { SELECTION_TONES, StatusBadge } from '../../../../components/status-badge';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageHeading } from '../../../../components/ui/page-heading';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { formatMoney } from '../../../../lib/format';
import { responsiveImage } from '../../../../lib/image-url';
import type { ProjectPageProps } from '../../../lib/portal';
import { useSelections } from '../api/get-selections';
import { groupByRoom } from '../../../../lib/selection-format';
import { deadlineText } from '../selection-words';
import { AllowanceSummary } from './allowance-summary';

/** The project's name under the page's heading, as the other areas show it. */
export function projectLine({ entity }: Pick<ProjectPageProps, 'entity'>) {
  const project = entity.model;
  return project ? `${project.name || project.address_street || 'Your project'}${project.number ? ` · ${project.number}` : ''}` : null;
}

/** The allowances against what is chosen, then the selections by room, soonest deadline first. */
export function SelectionsPage({ entity }: ProjectPageProps) {
  const overview = useSelections(entity.id);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Selections">{projectLine({ entity })}</PageHeading>
      {overview.isPending ? (
        <PageSpinner label="Loading selections…" />
      ) : overview.isError ? (
        <p role="alert">The selections could not be loaded. Please try again.</p>
      ) : (
        <>
          {overview.data.allowances.length > 0 ? <AllowanceSummary allowances={overview.data.allowances} totals={overview.data.totals} /> : null}
          {overview.data.selections.length === 0 ? (
            <EmptyState icon={SwatchBook} title="No selections yet">
              When the company asks you to choose finishes and fixtures for this project, you can compare the options and choose here.
            </EmptyState>
          ) : (
            // The server sends them soonest deadline first (none last): the room whose selection is due first comes first.
            groupByRoom(overview.data.selections).map((group) => <RoomSection key={group.room} room={group.room} selections={group.selections} />)
          )}
        </>
      )}
    </div>
  );
}

function RoomSection({ room, selections }: { room: string; selections: Selection[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold wrap-anywhere text-slate-900">
        {room}
      </h2>
      <ul aria-labelledby={headingId} className="grid gap-3 lg:grid-cols-2">
        {selections.map((selection) => (
          <SelectionCard key={selection.id} selection={selection} />
        ))}
      </ul>
    </section>
  );
}

function SelectionCard({ selection }: { selection: Selection }) {
  const chosen = selection.chosen;
  return (
    <li className="relative flex gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 has-[a:hover]:ring-slate-400">
      <Cover selection={selection} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          {/* The link covers the whole card: a thumb need not find the title. */}
          <Link
            to="/selections/$selectionId"
            params={{ selectionId: selection.id }}
            search={true}
            className="min-w-0 font-semibold wrap-anywhere text-blue-800 after:absolute after:inset-0 after:rounded-2xl"
          >
            {selection.title}
          </Link>
          <StatusBadge tone={SELECTION_TONES[selection.status]} label={SELECTION_STATUS_LABELS[selection.status]} />
        </div>
        <p className="text-sm text-slate-600">{deadlineText(selection)}</p>
        <p className="text-sm wrap-anywhere text-slate-800">
          {chosen ? (
            <>
              <span className="text-slate-600">Chosen: </span>
              {chosen.title} · <span className="font-semibold tabular-nums">{formatMoney(chosen.price)}</span>
            </>
          ) : (
            <span className="text-slate-600">
              Nothing chosen yet · {selection.option_count} {selection.option_count === 1 ? 'option' : 'options'}
            </span>
          )}
        </p>
      </div>
    </li>
  );
}

/** The chosen option's photo, else the first option's: a glance at what the selection is about. */
function Cover({ selection }: { selection: Selection }) {
  if (!selection.cover?.image_url) {
    return (
      <div className="flex h-12 w-16 shrink-0 items-center justify-center rounded-lg bg-slate-100 sm:h-[72px] sm:w-24">
        <SwatchBook aria-hidden="true" className="size-6 text-slate-400" />
      </div>
    );
  }
  const image = responsiveImage(selection.cover.image_url, 'selection-cover');
  return <img {...image} alt="" loading="lazy" decoding="async" className="h-12 w-16 shrink-0 rounded-lg object-cover sm:h-[72px] sm:w-24" />;
}
