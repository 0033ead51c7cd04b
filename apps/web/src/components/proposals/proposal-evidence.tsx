import type { ProposalAcceptance, ProposalDetail } from '@portal/contract';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/format';

const utc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
// dateStyle and timeStyle cannot be combined with a zone's name: the fields one by one.
const local = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/**
 * The record of an acceptance (docs/decisions/067-proposal-pages.md): who signed, as what, when
 * (UTC, as recorded, and where the reader is), from where, the options chosen and the hashes that tie the signed PDF
 * to what was shown. The customer's page and the console show the same; `children` is the download button.
 */
export function ProposalEvidence({
  acceptance,
  sections,
  children,
}: {
  acceptance: ProposalAcceptance;
  sections: ProposalDetail['sections'];
  children?: ReactNode;
}) {
  const chosen = new Set(acceptance.selected_item_ids);
  const options = sections.flatMap((section) => section.items).filter((item) => item.optional && chosen.has(item.id));
  const at = new Date(acceptance.accepted_at);
  return (
    <section aria-labelledby="evidence-heading" className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-green-200 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="evidence-heading" className="text-lg font-semibold text-slate-900">
            Signed and accepted
          </h3>
          <p className="font-signature text-3xl wrap-anywhere text-slate-900 italic">{acceptance.signer_name}</p>
        </div>
        {children}
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <Row term="Signed by">{acceptance.signer_name}</Row>
        <Row term="Email">{acceptance.signer_email}</Row>
        <Row term="Time (UTC)">{`${utc.format(at)} UTC`}</Row>
        <Row term="Your local time">{local.format(at)}</Row>
        <Row term="IP address">{acceptance.ip_address}</Row>
        <Row term="Options chosen">
          {options.length === 0 ? (
            'None'
          ) : (
            <ul className="list-inside list-disc">
              {options.map((item) => (
                <li key={item.id}>{item.description}</li>
              ))}
            </ul>
          )}
        </Row>
        <Row term="Accepted total">
          <span className="font-semibold tabular-nums">{formatMoney(acceptance.total)}</span>
          <span className="text-slate-600">
            {' '}
            ({formatMoney(acceptance.subtotal)} + {formatMoney(acceptance.tax)} tax)
          </span>
        </Row>
        <Row term="Content SHA-256">
          <code className="font-mono text-xs break-all" data-testid="content-sha256">
            {acceptance.content_sha256}
          </code>
        </Row>
        <Row term="Signed PDF SHA-256">
          <code className="font-mono text-xs break-all" data-testid="pdf-sha256">
            {acceptance.pdf_sha256}
          </code>
        </Row>
      </dl>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-y-0.5 sm:col-span-2 sm:grid-cols-subgrid sm:gap-x-6">
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}
