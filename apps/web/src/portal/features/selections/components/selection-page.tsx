import { formatChangeOrderDate } from '@portal/contract/change-order-constants';
import { SELECTION_NO_ROOM_LABEL, SELECTION_STATUS_LABELS } from '@portal/contract/selection-constants';
import type { SelectionDetail } from '@portal/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft, SwatchBook } from 'lucide-react';
import { useState } from 'react';
import { SELECTION_TONES, StatusBadge } from '../../../../components/status-badge';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageHeading } from '../../../../components/ui/page-heading';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { ApiRequestError } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/format';
import type { ProjectPageProps } from '../../../lib/portal';
import { useChooseOption } from '../api/choose-option';
import { useSelection } from '../api/get-selection';
import { closedReason } from '../selection-words';
import { ChangeChoice, ChooseForm } from './choose-form';
import { OptionCards } from './option-cards';
import { projectLine } from './selections-page';

const route = getRouteApi('/default/selections/$selectionId');

function BackLink() {
  return (
    <Link to="/selections" search={true} className="inline-flex items-center gap-1 self-start text-sm font-medium text-blue-800 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to selections
    </Link>
  );
}

/** One selection: what it is, its options side by side, and choosing one with a typed name. */
export function SelectionPage({ entity }: ProjectPageProps) {
  const { selectionId } = route.useParams();
  // A page per selection: another one's refusal never shows here.
  return <SelectionScreen key={selectionId} entity={entity} selectionId={selectionId} />;
}

function SelectionScreen({ entity, selectionId }: Pick<ProjectPageProps, 'entity'> & { selectionId: number }) {
  const selection = useSelection(entity.id, selectionId);
  // Here, not in the view: the view starts again with each answer, and the choice's toast and refusal outlive it.
  const choose = useChooseOption(entity.id, selectionId);

  if (selection.isPending) return <PageSpinner label="Loading the selection…" />;
  if (selection.isError) {
    const missing = selection.error instanceof ApiRequestError && selection.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <PageHeading title="Selections">{projectLine({ entity })}</PageHeading>
        {missing ? (
          <EmptyState icon={SwatchBook} title="This selection is not available">
            It may have been removed, or it is not shared with you.
          </EmptyState>
        ) : (
          <p role="alert">The selection could not be loaded. Please try again.</p>
        )}
      </div>
    );
  }
  const data = selection.data;
  // A key per state: a choice (or a refresh after a refusal) starts the form again from what the server holds.
  return <SelectionView key={`${data.id}-${data.status}-${data.choice?.option_id ?? 'none'}`} selection={data} choose={choose} />;
}

function SelectionView({ selection, choose }: { selection: SelectionDetail; choose: ReturnType<typeof useChooseOption> }) {
  const [changing, setChanging] = useState(false);
  const [picked, setPicked] = useState<number | null>(null);
  const reason = closedReason(selection, choose.error);
  const choosing = reason === null && (selection.choice === null || changing);
  return (
    <article className="flex flex-col gap-6" aria-labelledby="selection-heading">
      <BackLink />
      <header className="flex flex-col gap-2">
        <p>
          <StatusBadge tone={SELECTION_TONES[selection.status]} label={SELECTION_STATUS_LABELS[selection.status]} />
        </p>
        <h1 id="selection-heading" className="text-2xl font-semibold tracking-tight wrap-anywhere text-slate-900 sm:text-3xl">
          {selection.title}
        </h1>
        <dl aria-label="Summary" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Room</dt>
          <dd className="wrap-anywhere">{selection.room ?? SELECTION_NO_ROOM_LABEL}</dd>
          <dt className="text-slate-600">{!selection.deadline ? 'Deadline' : selection.status === 'past_deadline' ? 'Deadline passed' : 'Choose by'}</dt>
          <dd>{selection.deadline ? formatChangeOrderDate(selection.deadline) : 'No deadline'}</dd>
          {/* On a phone the chosen option's card may be out of sight in the row. */}
          {selection.chosen ? (
            <>
              <dt className="text-slate-600">Chosen</dt>
              <dd className="wrap-anywhere">
                {selection.chosen.title} · <span className="font-semibold tabular-nums">{formatMoney(selection.chosen.price)}</span>
              </dd>
            </>
          ) : null}
          <dt className="text-slate-600">Allowance</dt>
          <dd className="wrap-anywhere">
            {selection.allowance ? (
              <>
                {selection.allowance.name}, <span className="font-semibold tabular-nums">{formatMoney(selection.allowance.amount)}</span>
              </>
            ) : (
              'None'
            )}
          </dd>
        </dl>
      </header>

      {reason ? (
        <p role="status" className="rounded-2xl bg-amber-50 px-4 py-3 text-amber-950 ring-1 ring-amber-200">
          {reason}
        </p>
      ) : null}

      {selection.description ? <p className="whitespace-pre-line text-slate-700">{selection.description}</p> : null}

      <OptionCards options={selection.options} choice={selection.choice} picking={choosing ? { picked, onPick: setPicked } : null} />

      {choosing ? (
        <ChooseForm
          option={selection.options.find((option) => option.id === picked) ?? null}
          choose={choose}
          onCancel={changing ? () => setChanging(false) : null}
          onChosen={() => {
            setChanging(false);
            setPicked(null);
          }}
        />
      ) : selection.choice && reason === null ? (
        <ChangeChoice onChange={() => setChanging(true)} />
      ) : null}
    </article>
  );
}
