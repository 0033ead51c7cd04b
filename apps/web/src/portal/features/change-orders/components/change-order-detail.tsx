import {
  CHANGE_ORDER_CONSENT_TEXT,
  CHANGE_ORDER_MESSAGES,
  CHANGE_ORDER_SIGNER_NAME_MAX_LENGTH,
  CHANGE_ORDER_STATUS_LABELS,
  formatChangeOrderDate,
  formatChangeOrderNumber,
} from '@portal/contract/change-order-constants';
import type { ChangeOrderDetail as Detail } from '@portal/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft, Paperclip, Receipt } from 'lucide-react';
import { InvoiceLinesTable } from '../../../../components/invoice-lines-table';
import { WriteControls } from '../../../../components/read-only';
import { DeclineForm } from '../../../../components/signature/decline-form';
import { SignForm } from '../../../../components/signature/sign-form';
import { SignedPdfButton } from '../../../../components/signature/signed-pdf-button';
import { EvidenceRow, SignatureEvidence } from '../../../../components/signature/signature-evidence';
import { CHANGE_ORDER_TONES, StatusBadge } from '../../../../components/status-badge';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { ApiRequestError } from '../../../../lib/api-client';
import { formatScheduleDays } from '../../../../lib/change-order-format';
import { formatBytes, formatChangeOrderAmount, formatDay } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useApproveChangeOrder, useDeclineChangeOrder } from '../api/answer-change-order';
import { downloadSignedPdf } from '../api/download-signed-pdf';
import { useChangeOrder } from '../api/get-change-order';

const route = getRouteApi('/default/change-orders');

function BackLink() {
  return (
    <Link
      from="/change-orders"
      search={(previous) => ({ ...previous, change_order: undefined })}
      className="inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to change orders
    </Link>
  );
}

/** One change order, the one `?change_order=` names. `invoicesShared`: the company shows invoices in the portal. */
export function ChangeOrderDetail({ entity, invoicesShared }: { entity: number; invoicesShared: boolean }) {
  const { change_order: changeOrderId } = route.useSearch();
  const changeOrder = useChangeOrder(entity, changeOrderId!);

  if (changeOrder.isPending) return <PageSpinner label="Loading the change order…" />;
  if (changeOrder.isError) {
    const missing = changeOrder.error instanceof ApiRequestError && changeOrder.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <p role="alert">{missing ? 'This change order is not available.' : 'The change order could not be loaded. Please try again.'}</p>
      </div>
    );
  }
  // A key per state: an answer (or a refresh after a 409) starts the forms again from what the server holds.
  return (
    <ChangeOrderView key={`${changeOrder.data.id}-${changeOrder.data.status}`} entity={entity} changeOrder={changeOrder.data} invoicesShared={invoicesShared} />
  );
}

/** Why a change order can no longer be answered: in the server's own words where it has them. */
function closedNotice(changeOrder: Detail): string | null {
  switch (changeOrder.status) {
    case 'expired':
      return changeOrder.approval_deadline ? CHANGE_ORDER_MESSAGES.expired(changeOrder.approval_deadline) : null;
    case 'withdrawn':
      return CHANGE_ORDER_MESSAGES.withdrawn;
    case 'superseded':
      return CHANGE_ORDER_MESSAGES.superseded;
    case 'declined':
      return changeOrder.decline
        ? `You declined this change order on ${formatDay(changeOrder.decline.declined_at)}.${changeOrder.decline.reason ? ` Your reason: “${changeOrder.decline.reason}”` : ''}`
        : 'You declined this change order.';
    default:
      return null;
  }
}

function ChangeOrderView({ entity, changeOrder, invoicesShared }: { entity: number; changeOrder: Detail; invoicesShared: boolean }) {
  const notice = closedNotice(changeOrder);
  const amount = formatChangeOrderAmount(changeOrder.total);
  const schedule = formatScheduleDays(changeOrder.schedule_days);
  return (
    <article className="flex flex-col gap-6" aria-labelledby="change-order-heading">
      <BackLink />
      <header className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-600">
          Change order {formatChangeOrderNumber(changeOrder.number, changeOrder.version)}{' '}
          <StatusBadge tone={CHANGE_ORDER_TONES[changeOrder.status]} label={CHANGE_ORDER_STATUS_LABELS[changeOrder.status]} />
        </p>
        <h2 id="change-order-heading" className="text-2xl font-semibold wrap-anywhere text-slate-900">
          {changeOrder.title}
        </h2>
        <dl aria-label="Summary" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Amount</dt>
          <dd className="font-semibold tabular-nums">{amount}</dd>
          <dt className="text-slate-600">Schedule</dt>
          <dd>{schedule}</dd>
          {changeOrder.sent_at ? (
            <>
              <dt className="text-slate-600">Sent</dt>
              <dd>{formatDay(changeOrder.sent_at)}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">{changeOrder.status === 'expired' ? 'Deadline passed' : 'Approve by'}</dt>
          <dd>{changeOrder.approval_deadline ? formatChangeOrderDate(changeOrder.approval_deadline) : 'No deadline'}</dd>
        </dl>
      </header>

      {notice ? (
        <p role="status" className="rounded-2xl bg-amber-50 px-4 py-3 text-amber-950 ring-1 ring-amber-200">
          {notice}
        </p>
      ) : null}

      {changeOrder.description ? <p className="whitespace-pre-line text-slate-700">{changeOrder.description}</p> : null}

      <section aria-labelledby="change-order-items-heading" className="flex flex-col gap-3">
        <h3 id="change-order-items-heading" className="text-lg font-semibold text-slate-900">
          What changes
        </h3>
        <InvoiceLinesTable lines={changeOrder.items} />
        <dl aria-label="Totals" className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="text-right tabular-nums">{formatChangeOrderAmount(changeOrder.subtotal)}</dd>
          <dt className="text-slate-600">Tax ({Number(changeOrder.tax_rate)}%)</dt>
          <dd className="text-right tabular-nums">{formatChangeOrderAmount(changeOrder.tax)}</dd>
          <dt className="border-t border-slate-300 pt-2 text-base font-semibold">Total</dt>
          <dd className="border-t border-slate-300 pt-2 text-right text-base font-semibold tabular-nums">{amount}</dd>
          <dt className="text-slate-600">Schedule</dt>
          <dd className="text-right">{schedule}</dd>
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
                <span className="text-slate-600">
                  {formatBytes(file.size)} ·{' '}
                  <a href={file.download_url} download={file.name} className="text-blue-800 underline" aria-label={`Download ${file.name}`}>
                    Download
                  </a>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {changeOrder.status === 'sent' ? <ChangeOrderAnswer entity={entity} changeOrder={changeOrder} amount={amount} schedule={schedule} /> : null}

      {changeOrder.approval ? (
        <SignatureEvidence
          heading="Signed and approved"
          signature={{ ...changeOrder.approval, signed_at: changeOrder.approval.approved_at }}
          rows={
            <EvidenceRow term="Approved total">
              <span className="font-semibold tabular-nums">{formatChangeOrderAmount(changeOrder.approval.total)}</span>
              <span className="text-slate-600">
                {' '}
                ({formatChangeOrderAmount(changeOrder.approval.subtotal)} + {formatChangeOrderAmount(changeOrder.approval.tax)} tax)
              </span>
            </EvidenceRow>
          }
        >
          <SignedPdfButton label="Download the signed PDF" download={() => downloadSignedPdf({ entity, changeOrder })} />
        </SignatureEvidence>
      ) : null}

      {changeOrder.invoice_id !== null ? (
        <p className="flex items-center gap-2 text-slate-700">
          <Receipt aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          {invoicesShared ? (
            <Link
              from="/change-orders"
              to="/invoices"
              search={({ entity: project, company_id, theme }) => ({ entity: project, company_id, theme, invoice: changeOrder.invoice_id! })}
              className="font-medium text-blue-800 underline"
            >
              See the invoice for this change order
            </Link>
          ) : (
            'The company has invoiced this change order.'
          )}
        </p>
      ) : null}
    </article>
  );
}

/**
 * Approving with a typed signature and the consent box, or declining with an optional reason after a second step:
 * the proposals' signature forms. Inside WriteControls: a staff member's preview cannot answer for the customer.
 */
function ChangeOrderAnswer({ entity, changeOrder, amount, schedule }: { entity: number; changeOrder: Detail; amount: string; schedule: string }) {
  const approve = useApproveChangeOrder(entity, changeOrder.id);
  const decline = useDeclineChangeOrder(entity, changeOrder.id);
  return (
    <WriteControls>
      <div className="flex flex-col gap-4">
        <SignForm
          heading="Approve and sign"
          summary={
            <>
              You approve this change to your contract: <span className="font-semibold tabular-nums">{amount}</span>, schedule{' '}
              <span className="font-semibold">{schedule.toLowerCase()}</span>.
            </>
          }
          consentText={CHANGE_ORDER_CONSENT_TEXT}
          maxNameLength={CHANGE_ORDER_SIGNER_NAME_MAX_LENGTH}
          submitLabel="Approve and sign"
          pendingLabel="Approving…"
          pending={approve.isPending}
          error={approve.error}
          onSign={(signerName) =>
            approve.mutate(
              { signer_name: signerName, consent: true },
              { onSuccess: () => toast.success('Change order approved', 'Thank you: the signed PDF is ready to download.') },
            )
          }
        />
        <DeclineForm
          thing="change order"
          consequence="The company is told, and you can no longer approve this version."
          pending={decline.isPending}
          error={decline.error}
          onDecline={(reason) => decline.mutate({ reason }, { onSuccess: () => toast.success('Change order declined', 'The company has been told.') })}
        />
      </div>
    </WriteControls>
  );
}
