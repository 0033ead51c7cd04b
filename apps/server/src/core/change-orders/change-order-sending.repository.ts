import { and, count, eq, ne } from 'drizzle-orm';
import { emitWebhookEvent } from '../webhooks/outbox';
import type { Executor } from '../../db/client';
import type { ChangeOrderRow } from '../../db/rows';
import { changeOrderItems, changeOrders, projects } from '../../db/schema';
import { apiTimestamp } from '../../lib/timestamps';
import { changeOrderStatusOf, lock, ofCompany, type ChangeOrderRefusal } from './change-orders.queries';

/** What a webhook tells of a change order. */
const described = (row: ChangeOrderRow) => ({
  id: row.id,
  number: row.number,
  version: row.version,
  project_id: row.project_id,
  title: row.title,
  subtotal: row.subtotal,
  tax: row.tax,
  total: row.total,
  schedule_days: row.schedule_days,
  approval_deadline: row.approval_deadline,
});

/** A change order going out to the customer, and taken back before an answer; each tells the company's webhooks in the same transaction. */
export function changeOrderSendingRepository(db: Executor) {
  return {
    /** A sent change order with its project's names, for the customers' email; null when the company has no such sent one. */
    async sentWithProject(companyId: number, changeOrderId: number) {
      const [row] = await db
        .select({
          changeOrder: changeOrders,
          project: { id: projects.id, number: projects.number, name: projects.name, address_street: projects.address_street },
        })
        .from(changeOrders)
        .innerJoin(projects, eq(projects.id, changeOrders.project_id))
        .where(and(ofCompany(companyId, changeOrderId), eq(changeOrders.state, 'sent')))
        .limit(1);
      return row ?? null;
    },

    /** A draft goes out; the versions of the same number still awaiting an answer are superseded by it. */
    async send(companyId: number, changeOrderId: number, now: Date, today: string): Promise<ChangeOrderRefusal | null> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, ofCompany(companyId, changeOrderId));
        if (!row) return { refused: 'not_found' };
        if (row.state !== 'draft') return { refused: 'state', status: changeOrderStatusOf(row, today), approvalDeadline: row.approval_deadline };
        const [items] = await tx.select({ total: count() }).from(changeOrderItems).where(eq(changeOrderItems.change_order_id, row.id));
        if (!items?.total) return { refused: 'no_items' };
        if (row.approval_deadline !== null && row.approval_deadline < today) return { refused: 'deadline_passed' };
        const superseded = await tx
          .update(changeOrders)
          .set({ state: 'superseded', superseded_at: now, updated_at: now })
          .where(and(eq(changeOrders.company_id, companyId), eq(changeOrders.number, row.number), ne(changeOrders.id, row.id), eq(changeOrders.state, 'sent')))
          .returning({ id: changeOrders.id });
        await tx.update(changeOrders).set({ state: 'sent', sent_at: now, updated_at: now }).where(eq(changeOrders.id, row.id));
        await emitWebhookEvent(tx, {
          companyId,
          type: 'change_order.sent',
          at: now,
          data: { change_order: { ...described(row), sent_at: apiTimestamp(now) }, superseded_ids: superseded.map((older) => older.id) },
        });
        return null;
      });
    },

    /** A sent change order is taken back: the customer can no longer answer it. */
    async withdraw(companyId: number, changeOrderId: number, now: Date, today: string): Promise<ChangeOrderRefusal | null> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, ofCompany(companyId, changeOrderId));
        if (!row) return { refused: 'not_found' };
        if (row.state !== 'sent') return { refused: 'state', status: changeOrderStatusOf(row, today), approvalDeadline: row.approval_deadline };
        await tx.update(changeOrders).set({ state: 'withdrawn', withdrawn_at: now, updated_at: now }).where(eq(changeOrders.id, row.id));
        await emitWebhookEvent(tx, {
          companyId,
          type: 'change_order.withdrawn',
          at: now,
          data: { change_order: { ...described(row), withdrawn_at: apiTimestamp(now) } },
        });
        return null;
      });
    },
  };
}
