import type { IntegrationChangeOrderDetail } from '@portal/contract';
import { COMPANY_CHANGE_ORDER_STATUS_LABELS, formatChangeOrderDate, formatChangeOrderNumber } from '@portal/contract/change-order-constants';
import { Link, useNavigate } from '@tanstack/react-router';
import { CopyPlus, Paperclip, Receipt, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { InvoiceLinesTable } from '../../../../components/invoice-lines-table';
import { EvidenceRow, SignatureEvidence } from '../../../../components/signature/signature-evidence';
import { SignedPdfButton } from '../../../../components/signature/signed-pdf-button';
import { CHANGE_ORDER_TONES, StatusBadge } from '../../../../components/status-badge';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { formatScheduleDays } from '../../../../lib/change-order-format';
import { formatBytes, formatChangeOrderAmount, formatDay, NO_VALUE } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { AreaSwitchedOff } from '../../../components/area-switched-off';
import { RecordMissing } from '../../../components/record-missing';
import { Fact, RecordHeading } from '../../../components/record-page';
import { useReviseChangeOrder, useWithdrawChangeOrder } from '../api/change-order-steps';
import { useChangeOrder } from '../api/get-change-orders';
import { downloadSignedPdf } from '../api/signed-pdf';
import { ChangeOrderEditor } from './change-order-editor';
import { changeOrdersUrl, changeOrderUrl, projectInvoiceUrl } from './links';

const SMALL = 'px-4 py-2 text-sm';
const CARD = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

function SwitchedOff() {
  return (
    <div className="mb-4">
      <AreaSwitchedOff area="is_portal_change_orders_enabled" label="Change orders" />
    </div>
  );
}

/** A new draft change order of the project. */
export function NewChangeOrderPage({ projectId }: { projectId: number }) {
  return (
    <>
      <RecordHeading back={changeOrdersUrl(projectId)} backLabel="Change orders" title="New change order" />
      <SwitchedOff />
      <ChangeOrderEditor projectId={projectId} />
    </>
  );
}

/** One change order: a draft's editor, or what was sent (read-only) with what may still be done with it. */
export function StaffChangeOrderPage({ projectId, changeOrderId }: { projectId: number; changeOrderId: number }) {
  const query = useChangeOrder(changeOrderId);
  if (query.isPending) return <PageSpinner />;
  if (query.isError || query.data.project_id !== projectId) return <RecordMissing error={query.error} noun="change order" owner="project" />;
  const changeOrder = query.data;
  return (
    <>
      <RecordHeading
        back={changeOrdersUrl(projectId)}
        backLabel="Change orders"
        title={`Change order ${formatChangeOrderNumber(changeOrder.number, changeOrder.version)}`}
      >
        <StatusBadge tone={CHANGE_ORDER_TONES[changeOrder.status]} label={COMPANY_CHANGE_ORDER_STATUS_LABELS[changeOrder.status]} />
      </RecordHeading>
      <SwitchedOff />
      {changeOrder.status === 'draft' ? (
        <ChangeOrderEditor key={changeOrder.id} projectId={projectId} changeOrder={changeOrder} />
      ) : (
        <SentChangeOrder projectId={projectId} changeOrder={changeOrder} />
      )}
    </>
  );
}

/** What the office may do once it is sent: take it back while it waits, or start its next version (opened at once). */
function Actions({ projectId, changeOrder }: { projectId: number; changeOrder: IntegrationChangeOrderDetail }) {
  const navigate = useNavigate();
  const withdraw = useWithdrawChangeOrder();
  const revise = useReviseChangeOrder();
  const [asking, setAsking] = useState(false);
  const { form } = formErrors(withdraw.error ?? revise.error);
  const name = formatChangeOrderNumber(changeOrder.number, changeOrder.version);
  const waiting = changeOrder.status === 'sent' || changeOrder.status === 'expired';
  const revisable = changeOrder.status !== 'approved' && changeOrder.status !== 'superseded';
  if (!waiting && !revisable) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {revisable ? (
          <Button
            variant="ghost"
            className={SMALL}
            disabled={revise.isPending}
            onClick={() =>
              revise.mutate(changeOrder.id, {
                onSuccess: (draft) => {
                  toast.success('New version started', `${formatChangeOrderNumber(draft.number, draft.version)} is a draft: change it and send it.`);
                  const to: string = changeOrderUrl(projectId, draft.id);
                  void navigate({ to });
                },
              })
            }
          >
            <CopyPlus aria-hidden="true" className="size-4" />
            Revise
          </Button>
        ) : null}
        {waiting ? (
          <ConfirmDialog
            open={asking}
            onOpenChange={(next) => {
              setAsking(next);
              if (!next) withdraw.reset();
            }}
            danger
            trigger={
              <Button variant="ghost" className={`${SMALL} text-red-800`}>
                <Undo2 aria-hidden="true" className="size-4" />
                Withdraw
              </Button>
            }
            title={`Withdraw ${name}?`}
            confirmLabel="Withdraw the change order"
            pending={withdraw.isPending}
            error={withdraw.error ? (form ?? 'It could not be withdrawn. Try again in a moment.') : null}
            onConfirm={() =>
              withdraw.mutate(changeOrder.id, {
                onSuccess: () => {
                  toast.success('Change order withdrawn', `The customers can no longer approve ${name}.`);
                  setAsking(false);
                },
              })
            }
          >
            The customers still see it, marked withdrawn, and can no longer approve or decline it. This cannot be undone; a new version can be sent instead.
          </ConfirmDialog>
        ) : null}
      </div>
      <FormError message={revise.error ? (form ?? 'That did not work. Try again in a moment.') : null} />
    </div>
  );
}

/** A sent change order, read-only: its figures, the customer's answer (the signature's evidence, or the reason declined), items and files. */
function SentChangeOrder({ projectId, changeOrder }: { projectId: number; changeOrder: IntegrationChangeOrderDetail }) {
  const total = formatChangeOrderAmount(changeOrder.total);
  const invoiceTo: string | null = changeOrder.invoice_id === null ? null : projectInvoiceUrl(projectId, changeOrder.invoice_id);
  return (
    <div className="flex flex-col gap-6">
      <Actions projectId={projectId} changeOrder={changeOrder} />
      <section aria-labelledby="change-order-figures" className={CARD}>
        <h3 id="change-order-figures" className="text-lg font-semibold wrap-anywhere text-slate-900">
          {changeOrder.title}
        </h3>
        <dl className="mt-3 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <Fact term="Total">{total}</Fact>
          <Fact term="Schedule">{formatScheduleDays(changeOrder.schedule_days)}</Fact>
          <Fact term="Sent">{changeOrder.sent_at ? formatDay(changeOrder.sent_at) : NO_VALUE}</Fact>
          <Fact term="First viewed">{changeOrder.viewed_at ? formatDay(changeOrder.viewed_at) : 'Not yet'}</Fact>
          <Fact term="Approval deadline">{changeOrder.approval_deadline ? formatChangeOrderDate(changeOrder.approval_deadline) : 'None'}</Fact>
          <Fact term="Invoice on approval">{changeOrder.invoice_on_approval ? 'Yes' : 'No'}</Fact>
          <Fact term={changeOrder.approval ? 'Approved' : changeOrder.decline ? 'Declined' : changeOrder.withdrawn_at ? 'Withdrawn' : 'Answer'}>
            {changeOrder.approval
              ? formatDay(changeOrder.approval.approved_at)
              : changeOrder.decline
                ? formatDay(changeOrder.decline.declined_at)
                : changeOrder.withdrawn_at
                  ? formatDay(changeOrder.withdrawn_at)
                  : 'None yet'}
          </Fact>
        </dl>
        {changeOrder.decline ? (
          <p className="mt-3 text-sm text-slate-700">{changeOrder.decline.reason ? `Their reason: “${changeOrder.decline.reason}”` : 'They gave no reason.'}</p>
        ) : null}
        {changeOrder.description ? <p className="mt-4 whitespace-pre-line text-slate-700">{changeOrder.description}</p> : null}
        {invoiceTo ? (
          <p className="mt-4 flex items-center gap-2 text-slate-700">
            <Receipt aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <Link to={invoiceTo} className="font-medium text-blue-800 underline">
              The invoice made on approval
            </Link>
          </p>
        ) : null}
        <p className="mt-4 text-sm text-slate-600">A sent change order can no longer be changed: revise it to send a new version.</p>
      </section>

      {changeOrder.approval ? (
        <SignatureEvidence
          heading="Signed and approved"
          signature={{ ...changeOrder.approval, signed_at: changeOrder.approval.approved_at }}
          rows={
            <>
              <EvidenceRow term="Browser">{changeOrder.approval.user_agent ?? NO_VALUE}</EvidenceRow>
              <EvidenceRow term="Approved total">
                <span className="font-semibold tabular-nums">{formatChangeOrderAmount(changeOrder.approval.total)}</span>
                <span className="text-slate-600">
                  {' '}
                  ({formatChangeOrderAmount(changeOrder.approval.subtotal)} + {formatChangeOrderAmount(changeOrder.approval.tax)} tax)
                </span>
              </EvidenceRow>
            </>
          }
        >
          <SignedPdfButton label="Download the signed PDF" download={() => downloadSignedPdf(changeOrder)} />
        </SignatureEvidence>
      ) : null}

      <section aria-labelledby="change-order-items-heading" className="flex flex-col gap-3">
        <h3 id="change-order-items-heading" className="text-lg font-semibold text-slate-900">
          Items
        </h3>
        <InvoiceLinesTable lines={changeOrder.items} />
        <dl aria-label="Totals" className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="text-right tabular-nums">{formatChangeOrderAmount(changeOrder.subtotal)}</dd>
          <dt className="text-slate-600">Tax ({Number(changeOrder.tax_rate)}%)</dt>
          <dd className="text-right tabular-nums">{formatChangeOrderAmount(changeOrder.tax)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{total}</dd>
        </dl>
      </section>

      {changeOrder.files.length > 0 ? (
        <section aria-labelledby="change-order-files-heading" className="flex flex-col gap-3">
          <h3 id="change-order-files-heading" className="text-lg font-semibold text-slate-900">
            Attached files
          </h3>
          <ul className="flex flex-col divide-y divide-slate-100 rounded-2xl bg-white text-sm ring-1 ring-slate-200">
            {changeOrder.files.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3">
                <a href={file.url} target="_blank" rel="noopener" className="inline-flex min-w-0 items-center gap-2 font-medium text-blue-800 underline">
                  <Paperclip aria-hidden="true" className="size-4 shrink-0" />
                  <span className="wrap-anywhere">{file.name}</span>
                </a>
                <span className="text-slate-600">{formatBytes(file.size)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
