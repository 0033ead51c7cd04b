import { fromCents, invoiceTotals, lineAmountCents, type ChangeOrderStatus } from '@portal/contract';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ProjectScope } from '../access/projects';
import type { Executor } from '../../db/client';
import type { ChangeOrderApprovalRow, ChangeOrderItemRow, ChangeOrderRow, FileRow } from '../../db/rows';
import { changeOrderApprovals, changeOrderFiles, changeOrderItems, changeOrders, files } from '../../db/schema';

/**
 * What the change order repositories share: the fields of a draft, the refusals, the status rule, the portal's
 * condition, the lock every write takes and a change order's whole tree (docs/company-api.md "Change orders"). In core
 * because two areas write change orders: the change orders module, and the allowances' trail (core/allowances/).
 */

export interface ChangeOrderTree {
  changeOrder: ChangeOrderRow;
  items: ChangeOrderItemRow[];
  /** The attached files, in their order. */
  files: FileRow[];
  approval: ChangeOrderApprovalRow | null;
}

/** The status a reader sees: `expired` for a sent change order after the end of its approval deadline day (UTC), else the stored state. */
export function changeOrderStatusOf(row: Pick<ChangeOrderRow, 'state' | 'approval_deadline'>, today: string): ChangeOrderStatus {
  if (row.state === 'sent' && row.approval_deadline !== null && row.approval_deadline < today) return 'expired';
  return row.state as ChangeOrderStatus;
}

/** The fields of a draft a company writes; the money is computed from the items and the rate, never taken as given. */
export interface ChangeOrderDraftFields {
  number: number | null;
  title: string;
  description: string | null;
  taxRate: string;
  scheduleDays: number;
  approvalDeadline: string | null;
  invoiceOnApproval: boolean;
  items: { description: string; quantity: string; unitPrice: string }[];
  /** Files of the project's documents, checked by the route. */
  fileIds: number[];
}

/** Why a write was refused: the route turns each into its answer. */
export type ChangeOrderRefusal =
  | { refused: 'not_found' }
  | { refused: 'state'; status: ChangeOrderStatus; approvalDeadline: string | null }
  | { refused: 'no_items' }
  | { refused: 'deadline_passed' }
  | { refused: 'number_taken'; number: number }
  | { refused: 'not_latest'; latestVersion: number };

/** The status as SQL, the same rule as changeOrderStatusOf, so that lists filter and sort by it. */
export const statusSql = (today: string): SQL<string> =>
  sql<string>`(case when ${changeOrders.state} = 'sent' and ${changeOrders.approval_deadline} < ${today}::date then 'expired' else ${changeOrders.state} end)`;

/** Drafts never reach a portal user: every portal read goes through this condition. */
export const visibleTo = (scope: ProjectScope) =>
  and(eq(changeOrders.company_id, scope.companyId), eq(changeOrders.project_id, scope.projectId), ne(changeOrders.state, 'draft'));

/** One of the company's change orders. */
export const ofCompany = (companyId: number, changeOrderId: number) => and(eq(changeOrders.id, changeOrderId), eq(changeOrders.company_id, companyId));

/** The change order row, locked until the transaction ends; null when none matches. */
export const lock = async (tx: Executor, where: SQL | undefined): Promise<ChangeOrderRow | null> => {
  const [row] = await tx.select().from(changeOrders).where(where).for('update').limit(1);
  return row ?? null;
};

/** The money of a draft's items, as decimal strings computed in whole cents (a negative total is a credit). */
export function draftMoney(fields: Pick<ChangeOrderDraftFields, 'items' | 'taxRate'>) {
  const totals = invoiceTotals(fields.items, fields.taxRate);
  return { subtotal: fromCents(totals.subtotal), tax: fromCents(totals.tax), total: fromCents(totals.total) };
}

/** A draft's items and files, written in their order; each item's amount computed in cents. */
export async function writeContents(tx: Executor, changeOrderId: number, fields: Pick<ChangeOrderDraftFields, 'items' | 'fileIds'>) {
  if (fields.items.length > 0) {
    await tx.insert(changeOrderItems).values(
      fields.items.map((item, position) => ({
        change_order_id: changeOrderId,
        position,
        description: item.description,
        quantity: item.quantity,
        unit_price: item.unitPrice,
        amount: fromCents(lineAmountCents(item.quantity, item.unitPrice)),
      })),
    );
  }
  const fileIds = [...new Set(fields.fileIds)];
  if (fileIds.length > 0) {
    await tx.insert(changeOrderFiles).values(fileIds.map((fileId, position) => ({ change_order_id: changeOrderId, file_id: fileId, position })));
  }
}

/** The change order with its items, files and approval, if any. */
export async function treeOf(executor: Executor, changeOrder: ChangeOrderRow): Promise<ChangeOrderTree> {
  const [items, attached, approvals] = await Promise.all([
    executor
      .select()
      .from(changeOrderItems)
      .where(eq(changeOrderItems.change_order_id, changeOrder.id))
      .orderBy(asc(changeOrderItems.position), asc(changeOrderItems.id)),
    executor
      .select({ file: files })
      .from(changeOrderFiles)
      .innerJoin(files, eq(files.id, changeOrderFiles.file_id))
      .where(eq(changeOrderFiles.change_order_id, changeOrder.id))
      .orderBy(asc(changeOrderFiles.position), asc(changeOrderFiles.id)),
    executor.select().from(changeOrderApprovals).where(eq(changeOrderApprovals.change_order_id, changeOrder.id)).limit(1),
  ]);
  return { changeOrder, items, files: attached.map((row) => row.file), approval: approvals[0] ?? null };
}
