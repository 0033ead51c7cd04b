import { CHANGE_ORDER_NUMBER_FROM, type ChangeOrderStatus } from '@portal/contract';
import { and, eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { ChangeOrderRow } from '../../db/rows';
import { changeOrderFiles, changeOrderItems, changeOrders } from '../../db/schema';
import {
  changeOrderStatusOf,
  draftMoney,
  lock,
  ofCompany,
  treeOf,
  writeContents,
  type ChangeOrderDraftFields,
  type ChangeOrderRefusal,
} from './change-orders.queries';

/** The row of the next version of a change order: a draft with the same number and the same content. */
const nextVersion = (row: ChangeOrderRow, now: Date) => ({
  company_id: row.company_id,
  project_id: row.project_id,
  number: row.number,
  version: row.version + 1,
  previous_version_id: row.id,
  title: row.title,
  description: row.description,
  approval_deadline: row.approval_deadline,
  schedule_days: row.schedule_days,
  tax_rate: row.tax_rate,
  subtotal: row.subtotal,
  tax: row.tax,
  total: row.total,
  invoice_on_approval: row.invoice_on_approval,
  allowance_id: row.allowance_id,
  created_at: now,
  updated_at: now,
});

/** A refusal of a change order that is no longer a draft: it is what a customer may have seen. */
const notDraft = (row: ChangeOrderRow): ChangeOrderRefusal => ({
  refused: 'state',
  status: row.state as ChangeOrderStatus,
  approvalDeadline: row.approval_deadline,
});

const rowFields = (fields: ChangeOrderDraftFields) => ({
  title: fields.title,
  description: fields.description,
  tax_rate: fields.taxRate,
  schedule_days: fields.scheduleDays,
  approval_deadline: fields.approvalDeadline,
  invoice_on_approval: fields.invoiceOnApproval,
  ...draftMoney(fields),
});

/** The company's drafts: written with their items and files, changed, deleted, and copied from a sent version. */
export function changeOrderDraftsRepository(db: Executor) {
  return {
    /**
     * A new draft: the number the company gave, or its next (a lost race for the next number is tried again). A number
     * the company gave that one of its change orders already has is refused. `allowanceId`: the allowance whose
     * difference it carries (core/allowances/), kept by every later version.
     */
    async createDraft(
      companyId: number,
      projectId: number,
      fields: ChangeOrderDraftFields,
      now: Date,
      allowanceId: number | null = null,
    ): Promise<{ id: number } | ChangeOrderRefusal> {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const id = await db.transaction(async (tx) => {
            let number = fields.number;
            if (number === null) {
              const [{ highest } = { highest: null }] = await tx
                .select({ highest: max(changeOrders.number) })
                .from(changeOrders)
                .where(eq(changeOrders.company_id, companyId));
              number = highest === null ? CHANGE_ORDER_NUMBER_FROM : Number(highest) + 1;
            }
            const [row] = await tx
              .insert(changeOrders)
              .values({
                company_id: companyId,
                project_id: projectId,
                number,
                version: 1,
                ...rowFields(fields),
                allowance_id: allowanceId,
                created_at: now,
                updated_at: now,
              })
              .returning({ id: changeOrders.id });
            await writeContents(tx, row!.id, fields);
            return row!.id;
          });
          return { id };
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (fields.number !== null) return { refused: 'number_taken', number: fields.number };
          if (attempt >= 4) throw error;
        }
      }
    },

    /** Changes a draft; a change order that is no longer a draft is refused (it is what a customer may have seen). */
    async updateDraft(companyId: number, changeOrderId: number, fields: ChangeOrderDraftFields, now: Date): Promise<ChangeOrderRefusal | null> {
      try {
        return await db.transaction(async (tx) => {
          const row = await lock(tx, ofCompany(companyId, changeOrderId));
          if (!row) return { refused: 'not_found' } as const;
          if (row.state !== 'draft') return notDraft(row);
          await tx
            .update(changeOrders)
            .set({ ...rowFields(fields), number: fields.number ?? row.number, updated_at: now })
            .where(eq(changeOrders.id, row.id));
          await tx.delete(changeOrderItems).where(eq(changeOrderItems.change_order_id, row.id));
          await tx.delete(changeOrderFiles).where(eq(changeOrderFiles.change_order_id, row.id));
          await writeContents(tx, row.id, fields);
          return null;
        });
      } catch (error) {
        if (isUniqueViolation(error) && fields.number !== null) return { refused: 'number_taken', number: fields.number };
        throw error;
      }
    },

    async deleteDraft(companyId: number, changeOrderId: number): Promise<ChangeOrderRefusal | null> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, ofCompany(companyId, changeOrderId));
        if (!row) return { refused: 'not_found' };
        if (row.state !== 'draft') return notDraft(row);
        await tx.delete(changeOrders).where(eq(changeOrders.id, row.id));
        return null;
      });
    },

    /**
     * A new draft copied from the newest version of a change order that is not a draft and not approved: the same
     * number, the next version, every item and file as they were. Answers the new draft's id.
     */
    async revise(companyId: number, changeOrderId: number, now: Date, today: string): Promise<{ id: number } | ChangeOrderRefusal> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, ofCompany(companyId, changeOrderId));
        if (!row) return { refused: 'not_found' };
        if (row.state === 'draft' || row.state === 'approved') {
          return { refused: 'state', status: changeOrderStatusOf(row, today), approvalDeadline: row.approval_deadline };
        }
        const [{ latest } = { latest: null }] = await tx
          .select({ latest: max(changeOrders.version) })
          .from(changeOrders)
          .where(and(eq(changeOrders.company_id, companyId), eq(changeOrders.number, row.number)));
        if (latest !== null && Number(latest) !== row.version) return { refused: 'not_latest', latestVersion: Number(latest) };
        const tree = await treeOf(tx, row);
        const [copy] = await tx.insert(changeOrders).values(nextVersion(row, now)).returning({ id: changeOrders.id });
        await writeContents(tx, copy!.id, {
          items: tree.items.map((item) => ({ description: item.description, quantity: item.quantity, unitPrice: item.unit_price })),
          fileIds: tree.files.map((file) => file.id),
        });
        return { id: copy!.id };
      });
    },
  };
}
