import type {
  ChangeOrder,
  ChangeOrderApproval,
  ChangeOrderDetail,
  IntegrationChangeOrder,
  IntegrationChangeOrderDetail,
  PortalChangeOrderStatus,
} from '@portal/contract';
import { serializeFile } from '../../core/files/files.serializers';
import type { WithFileLinks } from '../../core/files/links';
import { changeOrderStatusOf, type ChangeOrderTree } from '../../core/change-orders/change-orders.queries';
import type { ChangeOrderApprovalRow, ChangeOrderItemRow, ChangeOrderRow } from '../../db/rows';
import { apiTimestamp } from '../../lib/timestamps';

/**
 * A change order as every reader gets it (docs/company-api.md "Change orders"), shared by the company routes and the
 * portal routes: its JSON for the portal and for the company (what it is made of once read, and its derived status, are
 * core/change-orders/change-orders.queries.ts's).
 */

/** A quantity as a person writes it: "2.500" → "2.5", "1.000" → "1". */
export const quantityText = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

/** A tax rate as a person writes it: "8.2500" → "8.25", "0.0000" → "0". */
export const rateText = quantityText;

const stamp = (date: Date | null) => (date ? apiTimestamp(date) : null);

function base(row: ChangeOrderRow, today: string) {
  return {
    id: row.id,
    project_id: row.project_id,
    number: row.number,
    version: row.version,
    title: row.title,
    status: changeOrderStatusOf(row, today),
    currency: 'USD' as const,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    schedule_days: row.schedule_days,
    sent_at: stamp(row.sent_at),
    approval_deadline: row.approval_deadline,
    created_at: apiTimestamp(row.created_at),
    updated_at: apiTimestamp(row.updated_at),
  };
}

const companyFields = (row: ChangeOrderRow) => ({
  previous_version_id: row.previous_version_id,
  invoice_on_approval: row.invoice_on_approval,
  invoice_id: row.invoice_id,
  viewed_at: stamp(row.viewed_at),
  withdrawn_at: stamp(row.withdrawn_at),
  superseded_at: stamp(row.superseded_at),
  allowance_id: row.allowance_id,
});

/** The portal never reads a draft: the repository leaves them out, so the status is one the portal knows. */
export const serializeChangeOrder = (row: ChangeOrderRow, today: string): ChangeOrder => ({
  ...base(row, today),
  status: changeOrderStatusOf(row, today) as PortalChangeOrderStatus,
});

export const serializeCompanyChangeOrder = (row: ChangeOrderRow, today: string): IntegrationChangeOrder => ({ ...base(row, today), ...companyFields(row) });

export const serializeChangeOrderApproval = (row: ChangeOrderApprovalRow): ChangeOrderApproval => ({
  signer_name: row.signer_name,
  signer_email: row.signer_email,
  approved_at: apiTimestamp(row.approved_at),
  ip_address: row.ip_address,
  user_agent: row.user_agent,
  subtotal: row.subtotal,
  tax: row.tax,
  total: row.total,
  content_sha256: row.content_sha256,
  pdf_sha256: row.pdf_sha256,
});

/** The items as the customer sees them: the content a signature covers is built from these. */
export const serializeChangeOrderItems = (items: readonly ChangeOrderItemRow[]) =>
  items.map((item) => ({
    id: item.id,
    description: item.description,
    quantity: quantityText(item.quantity),
    unit_price: item.unit_price,
    amount: item.amount,
  }));

function detailFields(tree: ChangeOrderTree, links: WithFileLinks) {
  const { changeOrder, approval } = tree;
  return {
    description: changeOrder.description,
    tax_rate: rateText(changeOrder.tax_rate),
    items: serializeChangeOrderItems(tree.items),
    files: tree.files.map((file) => serializeFile(links, file)),
    invoice_on_approval: changeOrder.invoice_on_approval,
    invoice_id: changeOrder.invoice_id,
    viewed_at: stamp(changeOrder.viewed_at),
    approval: approval ? serializeChangeOrderApproval(approval) : null,
    decline: changeOrder.declined_at ? { declined_at: apiTimestamp(changeOrder.declined_at), reason: changeOrder.decline_reason } : null,
  };
}

/** `links`: signed for the reader (`linksOf(app, request)`): the portal session, or the company. */
export const serializeChangeOrderDetail = (tree: ChangeOrderTree, today: string, links: WithFileLinks): ChangeOrderDetail => ({
  ...serializeChangeOrder(tree.changeOrder, today),
  ...detailFields(tree, links),
});

export const serializeCompanyChangeOrderDetail = (tree: ChangeOrderTree, today: string, links: WithFileLinks): IntegrationChangeOrderDetail => ({
  ...serializeCompanyChangeOrder(tree.changeOrder, today),
  ...detailFields(tree, links),
});
