import type { IntegrationSelection } from '@portal/contract';
import { formatChangeOrderDate } from '@portal/contract/change-order-constants';
import { SELECTION_NO_ROOM_LABEL, SELECTION_STATUS_LABELS } from '@portal/contract/selection-constants';
import { Link } from '@tanstack/react-router';
import { ListChecks } from 'lucide-react';
import { useId } from 'react';
import { QueryStatus } from '../../../../components/query-status';
import { SELECTION_TONES, StatusBadge } from '../../../../components/status-badge';
import { EmptyState } from '../../../../components/ui/empty-state';
import { formatMoney, NO_VALUE } from '../../../../lib/format';
import { groupByRoom } from '../../../../lib/selection-format';
import { usePaging } from '../../../../lib/use-paging';
import { CardFacts, CardHead, ListPage, ListSection, type ListColumn } from '../../../components/list-page';
import { useProjectSelections } from '../api/get-selections';
import { newSelectionUrl, selectionUrl } from './links';

const NOWRAP = 'whitespace-nowrap';

function SelectionLink({ projectId, selection }: { projectId: number; selection: IntegrationSelection }) {
  const to: string = selectionUrl(projectId, selection.id);
  return (
    <Link to={to} className="font-semibold wrap-anywhere text-slate-900 underline decoration-slate-300 underline-offset-4 hover:decoration-slate-900">
      {selection.title}
    </Link>
  );
}

const badge = (selection: IntegrationSelection) => <StatusBadge tone={SELECTION_TONES[selection.status]} label={SELECTION_STATUS_LABELS[selection.status]} />;
const deadline = (selection: IntegrationSelection) => (selection.deadline ? formatChangeOrderDate(selection.deadline) : 'None');

/** The option chosen, its price, and who chose it when the company did. */
function Chosen({ selection }: { selection: IntegrationSelection }) {
  if (!selection.chosen)
    return <span className="text-slate-600">{`Not yet (${selection.option_count} option${selection.option_count === 1 ? '' : 's'})`}</span>;
  return (
    <span className="wrap-anywhere">
      {selection.chosen.title}, <span className="tabular-nums">{formatMoney(selection.chosen.price)}</span>
      {selection.chosen.chosen_by === 'company' ? <span className="text-slate-600"> (by the company)</span> : null}
    </span>
  );
}

const columns = (projectId: number): ListColumn<IntegrationSelection>[] => [
  { label: 'Selection', rowHeader: true, cell: (selection) => <SelectionLink projectId={projectId} selection={selection} /> },
  { label: 'Status', cell: badge },
  { label: 'Deadline', className: NOWRAP, cell: deadline },
  { label: 'Chosen', cell: (selection) => <Chosen selection={selection} /> },
  { label: 'Allowance', cell: (selection) => selection.allowance?.name ?? NO_VALUE },
];

/** One room's selections: a table from `md` up, cards below it. */
function RoomSelections({ projectId, room, selections }: { projectId: number; room: string; selections: IntegrationSelection[] }) {
  const paging = usePaging(selections.length || 1);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold text-slate-800">
        {room}
      </h3>
      <ListPage
        noun="selections"
        // The room's rows, from the one read of the whole list: one page holding them all.
        query={{ isPending: false, isError: false, data: { data: selections, current_page: 1, last_page: 1, total: selections.length } }}
        caption={`Selections: ${room}`}
        columns={columns(projectId)}
        rowKey={(selection) => selection.id}
        empty={{ icon: ListChecks, title: 'No selections', children: null }}
        paging={paging}
        pagesLabel={`${room} pages`}
        card={(selection) => (
          <>
            <CardHead>
              <SelectionLink projectId={projectId} selection={selection} />
              {badge(selection)}
            </CardHead>
            <CardFacts
              facts={[
                { label: 'Deadline', value: deadline(selection) },
                { label: 'Chosen', value: <Chosen selection={selection} /> },
                { label: 'Allowance', value: selection.allowance?.name ?? NO_VALUE },
              ]}
            />
          </>
        )}
      />
    </section>
  );
}

/** The project's selections by room (those with none under "Other", last), each with its state, deadline and choice. */
export function SelectionsSection({ projectId }: { projectId: number }) {
  const selections = useProjectSelections(projectId);
  const newTo: string = newSelectionUrl(projectId);
  const groups = groupByRoom(selections.data?.data ?? []);
  const rooms = [...groups.filter((group) => group.room !== SELECTION_NO_ROOM_LABEL), ...groups.filter((group) => group.room === SELECTION_NO_ROOM_LABEL)];
  return (
    <ListSection id="selections-heading" title="Selections" newTo={newTo} newLabel="New selection">
      <QueryStatus query={selections} noun="selections" loadingLabel="Loading selections…" />
      {selections.isSuccess && rooms.length === 0 ? (
        <EmptyState icon={ListChecks} title="No selections yet">
          Add the choices the customer makes (a faucet, the tile), each with its options and prices; they choose in the portal with their name.
        </EmptyState>
      ) : null}
      {rooms.map((group) => (
        <RoomSelections key={group.room} projectId={projectId} room={group.room} selections={group.selections} />
      ))}
    </ListSection>
  );
}
