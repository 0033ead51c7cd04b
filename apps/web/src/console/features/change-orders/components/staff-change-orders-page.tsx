import type { IntegrationChangeOrder } from '@portal/contract';
import { formatChangeOrderAmount } from '../../../../lib/format';
import { COMPANY_CHANGE_ORDER_STATUS_LABELS, formatChangeOrderDate, formatChangeOrderNumber } from '@portal/contract/change-order-constants';
import { Link } from '@tanstack/react-router';
import { FilePen } from 'lucide-react';
import { CHANGE_ORDER_TONES, StatusBadge } from '../../../../components/status-badge';
import { formatScheduleDays } from '../../../../lib/change-order-format';
import { usePaging } from '../../../../lib/use-paging';
import { AreaSwitchedOff } from '../../../components/area-switched-off';
import { CardFacts, CardHead, ListPage, ListSection, type ListColumn } from '../../../components/list-page';
import { CHANGE_ORDERS_PAGE_SIZE, useProjectChangeOrders } from '../api/get-change-orders';
import { changeOrderUrl, newChangeOrderUrl } from './links';

const deadline = (changeOrder: IntegrationChangeOrder) => (changeOrder.approval_deadline ? formatChangeOrderDate(changeOrder.approval_deadline) : 'None');

function ChangeOrderLink({ projectId, changeOrder }: { projectId: number; changeOrder: IntegrationChangeOrder }) {
  const to: string = changeOrderUrl(projectId, changeOrder.id);
  return (
    <Link to={to} className="font-semibold text-slate-900 underline decoration-slate-300 underline-offset-4 hover:decoration-slate-900">
      {formatChangeOrderNumber(changeOrder.number, changeOrder.version)}
    </Link>
  );
}

const badge = (changeOrder: IntegrationChangeOrder) => (
  <StatusBadge tone={CHANGE_ORDER_TONES[changeOrder.status]} label={COMPANY_CHANGE_ORDER_STATUS_LABELS[changeOrder.status]} />
);
const NOWRAP = 'whitespace-nowrap';

const columns = (projectId: number): ListColumn<IntegrationChangeOrder>[] => [
  { label: 'Number', rowHeader: true, className: NOWRAP, cell: (changeOrder) => <ChangeOrderLink projectId={projectId} changeOrder={changeOrder} /> },
  { label: 'Title', cell: (changeOrder) => changeOrder.title },
  { label: 'Status', cell: badge },
  { label: 'Total', numeric: true, cell: (changeOrder) => formatChangeOrderAmount(changeOrder.total) },
  { label: 'Days', numeric: true, cell: (changeOrder) => formatScheduleDays(changeOrder.schedule_days) },
  { label: 'Deadline', className: NOWRAP, cell: deadline },
];

/** A project's change orders in the console: every version, drafts too, and a new draft. */
export function StaffChangeOrdersPage({ projectId }: { projectId: number }) {
  const paging = usePaging(CHANGE_ORDERS_PAGE_SIZE);
  const changeOrders = useProjectChangeOrders(projectId, paging.page, paging.size);
  const newTo: string = newChangeOrderUrl(projectId);

  return (
    <div className="flex flex-col gap-6">
      <AreaSwitchedOff area="is_portal_change_orders_enabled" label="Change orders" />
      <ListSection id="change-orders-heading" title="Change orders" newTo={newTo} newLabel="New change order">
        <ListPage
          noun="change orders"
          query={changeOrders}
          caption="Change orders of the project"
          columns={columns(projectId)}
          rowKey={(changeOrder) => changeOrder.id}
          empty={{
            icon: FilePen,
            title: 'No change orders yet',
            children: 'When the job changes on the way, price the change here; the customers approve it with a signature once you send it.',
          }}
          paging={paging}
          pagesLabel="Change order pages"
          card={(changeOrder) => (
            <>
              <CardHead>
                <ChangeOrderLink projectId={projectId} changeOrder={changeOrder} />
                {badge(changeOrder)}
              </CardHead>
              <p className="mt-1 wrap-anywhere text-slate-800">{changeOrder.title}</p>
              <CardFacts
                facts={[
                  { label: 'Total', value: formatChangeOrderAmount(changeOrder.total), strong: true },
                  { label: 'Days', value: formatScheduleDays(changeOrder.schedule_days) },
                  { label: 'Deadline', value: deadline(changeOrder) },
                ]}
              />
            </>
          )}
        />
      </ListSection>
    </div>
  );
}
