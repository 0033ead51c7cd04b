import { formatChangeOrderNumber, toCents, type ChangeOrderStatus } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { ProjectScope } from '../../core/access/projects';
import { defaultDueDate, emitInvoiceSent, insertInvoices, lockInvoiceNumbering, nextInvoiceNumber } from '../../core/new-invoices';
import { hashedContent } from '../../core/signatures/content';
import type { SignerEvidence } from '../../core/signatures/evidence';
import { signingTransaction, type PdfStore, type StoredPdf } from '../../core/signatures/stored-pdf';
import { emitWebhookEvent } from '../../core/webhooks/outbox';
import type { Executor } from '../../db/client';
import type { ChangeOrderRow } from '../../db/rows';
import { changeOrderApprovals, changeOrders, invoices } from '../../db/schema';
import { apiTimestamp } from '../../lib/timestamps';
import { changeOrderStatusOf, treeOf, visibleTo, type ChangeOrderTree } from '../../core/change-orders/change-orders.queries';
import { rateText, serializeChangeOrderItems } from './change-orders.serializers';

/**
 * The customer's answer to a sent change order (docs/company-api.md "Change orders"): approved with a typed signature,
 * the evidence and the signed PDF (the signature path proposals take: core/signatures/), and an invoice when the company
 * asked for one; or declined.
 */

/** What the signed PDF prints of the approval, known before the PDF exists (its own hash is recorded after). */
export interface ApprovalEvidence extends SignerEvidence {
  subtotal: string;
  tax: string;
  total: string;
  contentSha256: string;
}

/** What the customer sent with an approval, and when. */
export interface ApprovalInput {
  portalUser: { id: number; email: string };
  signer: SignerEvidence;
  today: string;
}

/** Why an answer was refused: not one of the project's sent change orders, or in a status that takes no answer. */
export type AnswerRefusal = { refused: 'not_found' } | { refused: 'state'; status: ChangeOrderStatus; approvalDeadline: string | null };

/** The invoice an approval made, for the customers' email after the commit. */
export interface ApprovalInvoice {
  id: number;
  company_id: number;
  project_id: number;
  number: string;
  issue_date: string;
  due_date: string;
  total: string;
}

/**
 * The canonical content of a change order as the customer saw it when approving: a JSON object with exactly these
 * members, serialised by core/signatures/content.ts. Its SHA-256 is the evidence's `content_sha256`, and the signed PDF
 * prints it. The one definition: docs/company-api.md "Change orders".
 */
export function changeOrderContent(tree: Pick<ChangeOrderTree, 'changeOrder' | 'items' | 'files'>) {
  const { changeOrder } = tree;
  return {
    format: 'portal-change-order/1',
    change_order_id: changeOrder.id,
    number: changeOrder.number,
    version: changeOrder.version,
    title: changeOrder.title,
    description: changeOrder.description,
    items: serializeChangeOrderItems(tree.items),
    currency: 'USD',
    tax_rate: rateText(changeOrder.tax_rate),
    subtotal: changeOrder.subtotal,
    tax: changeOrder.tax,
    total: changeOrder.total,
    schedule_days: changeOrder.schedule_days,
    approval_deadline: changeOrder.approval_deadline,
    files: tree.files.map((file) => ({ id: file.id, name: file.original_name })),
  };
}

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
});

/** The project's change order the customer answers (drafts never), read in the answer's transaction. */
async function answered(tx: Executor, scope: ProjectScope, changeOrderId: number): Promise<ChangeOrderRow | null> {
  const [row] = await tx
    .select()
    .from(changeOrders)
    .where(and(eq(changeOrders.id, changeOrderId), visibleTo(scope)))
    .limit(1);
  return row ?? null;
}

const refusalOf = (row: ChangeOrderRow, today: string): AnswerRefusal => ({
  refused: 'state',
  status: changeOrderStatusOf(row, today),
  approvalDeadline: row.approval_deadline,
});

/**
 * Moves a sent change order to its answer, on the condition that it is still sent: of two answers at once, the first
 * update holds the row until its transaction ends and the second then matches nothing (the condition is read again),
 * so exactly one is recorded. False when this one lost: the loser then reads the status the winner left.
 */
async function claim(tx: Executor, row: ChangeOrderRow, changes: Partial<typeof changeOrders.$inferInsert>): Promise<boolean> {
  const claimed = await tx
    .update(changeOrders)
    .set(changes)
    .where(and(eq(changeOrders.id, row.id), eq(changeOrders.state, 'sent')))
    .returning({ id: changeOrders.id });
  return claimed.length === 1;
}

/**
 * The invoice an approval makes (docs/decisions/129-the-invoice-a-change-order-approval-makes.md): the change order's
 * items and tax, the company's next number, sent today and due as the console's invoice form starts, with `invoice.sent`
 * in the outbox. A credit or a zero total makes none.
 */
async function invoiceFor(tx: Executor, tree: ChangeOrderTree, today: string, now: Date): Promise<ApprovalInvoice | null> {
  const { changeOrder } = tree;
  if (!changeOrder.invoice_on_approval || toCents(changeOrder.total) <= 0) return null;
  await lockInvoiceNumbering(tx, changeOrder.company_id);
  const number = await nextInvoiceNumber(tx, changeOrder.company_id);
  const [id] = await insertInvoices(tx, [
    {
      companyId: changeOrder.company_id,
      projectId: changeOrder.project_id,
      number,
      state: 'sent',
      issueDate: today,
      dueDate: defaultDueDate(today),
      taxRate: changeOrder.tax_rate,
      notes: `Change order ${formatChangeOrderNumber(changeOrder.number, changeOrder.version)}: ${changeOrder.title}`,
      lines: tree.items.map((item) => ({ description: item.description, quantity: item.quantity, unitPrice: item.unit_price })),
      createdAt: now,
    },
  ]);
  const [invoice] = await tx
    .select({
      id: invoices.id,
      company_id: invoices.company_id,
      project_id: invoices.project_id,
      number: invoices.number,
      issue_date: invoices.issue_date,
      due_date: invoices.due_date,
      total: invoices.total,
    })
    .from(invoices)
    .where(eq(invoices.id, id!));
  await tx.update(changeOrders).set({ invoice_id: id! }).where(eq(changeOrders.id, changeOrder.id));
  await emitInvoiceSent(tx, invoice!, now, { change_order_id: changeOrder.id });
  return invoice!;
}

export function changeOrderAnswersRepository(db: Executor) {
  return {
    /**
     * The customer approves: in one transaction the change order is claimed (sent → approved, on that condition), the
     * evidence computed, the signed PDF made once and stored, the approval written, the invoice made when asked for, and
     * `change_order.approved` put in the outbox. `storePdf` answers the stored blob and a way to take it back: a
     * transaction that does not commit deletes it, so no PDF is left without its approval.
     */
    async approve(
      scope: ProjectScope,
      changeOrderId: number,
      input: ApprovalInput,
      makePdf: (tree: ChangeOrderTree, evidence: ApprovalEvidence) => Promise<Buffer>,
      storePdf: PdfStore,
    ): Promise<AnswerRefusal | { refused: null; invoice: ApprovalInvoice | null }> {
      return signingTransaction(db, storePdf, async (tx, keep) => {
        const row = await answered(tx, scope, changeOrderId);
        if (!row) return { refused: 'not_found' } as const;
        if (changeOrderStatusOf(row, input.today) !== 'sent') return refusalOf(row, input.today);
        const { signer } = input;
        if (!(await claim(tx, row, { state: 'approved', updated_at: signer.signedAt }))) {
          const now = await answered(tx, scope, changeOrderId);
          return now ? refusalOf(now, input.today) : ({ refused: 'not_found' } as const);
        }
        const tree = await treeOf(tx, row);
        const content = hashedContent(changeOrderContent(tree));
        const evidence: ApprovalEvidence = { ...signer, subtotal: row.subtotal, tax: row.tax, total: row.total, contentSha256: content.sha256 };
        const blob: StoredPdf = await keep(await makePdf(tree, evidence));
        await tx.insert(changeOrderApprovals).values({
          change_order_id: row.id,
          company_id: scope.companyId,
          portal_user_id: input.portalUser.id,
          signer_name: signer.signerName,
          signer_email: signer.signerEmail,
          approved_at: signer.signedAt,
          ip_address: signer.ipAddress,
          user_agent: signer.userAgent,
          subtotal: row.subtotal,
          tax: row.tax,
          total: row.total,
          content_json: content.json,
          content_sha256: content.sha256,
          pdf_blob_key: blob.key,
          pdf_sha256: blob.sha256,
          pdf_size: blob.size,
          created_at: signer.signedAt,
        });
        const invoice = await invoiceFor(tx, tree, input.today, signer.signedAt);
        await emitWebhookEvent(tx, {
          companyId: scope.companyId,
          type: 'change_order.approved',
          at: signer.signedAt,
          data: {
            change_order: { ...described(row), invoice_id: invoice?.id ?? null },
            approval: {
              signer_name: signer.signerName,
              signer_email: signer.signerEmail,
              approved_at: apiTimestamp(signer.signedAt),
              subtotal: row.subtotal,
              tax: row.tax,
              total: row.total,
              content_sha256: content.sha256,
              pdf_sha256: blob.sha256,
            },
            portal_user: { type: 'portal_user', id: input.portalUser.id, email: input.portalUser.email },
          },
        });
        return { refused: null, invoice };
      });
    },

    /** The customer declines, with an optional reason; `change_order.declined` goes in the outbox with it. */
    async decline(
      scope: ProjectScope,
      changeOrderId: number,
      input: { portalUser: { id: number; email: string }; reason: string | null; now: Date; today: string },
    ): Promise<AnswerRefusal | null> {
      return db.transaction(async (tx) => {
        const row = await answered(tx, scope, changeOrderId);
        if (!row) return { refused: 'not_found' } as const;
        if (changeOrderStatusOf(row, input.today) !== 'sent') return refusalOf(row, input.today);
        const changes = {
          state: 'declined',
          declined_at: input.now,
          decline_reason: input.reason,
          declined_by_portal_user_id: input.portalUser.id,
          updated_at: input.now,
        };
        if (!(await claim(tx, row, changes))) {
          const now = await answered(tx, scope, changeOrderId);
          return now ? refusalOf(now, input.today) : ({ refused: 'not_found' } as const);
        }
        await emitWebhookEvent(tx, {
          companyId: scope.companyId,
          type: 'change_order.declined',
          at: input.now,
          data: {
            change_order: described(row),
            decline: { declined_at: apiTimestamp(input.now), reason: input.reason },
            portal_user: { type: 'portal_user', id: input.portalUser.id, email: input.portalUser.email },
          },
        });
        return null;
      });
    },
  };
}
