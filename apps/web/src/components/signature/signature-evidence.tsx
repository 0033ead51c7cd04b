import type { ReactNode } from 'react';

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

export interface SignatureRecord {
  signer_name: string;
  signer_email: string;
  /** When it was signed: an acceptance's accepted_at, an approval's approved_at. */
  signed_at: string;
  ip_address: string;
  content_sha256: string;
  pdf_sha256: string;
}

/**
 * The record of a signature (docs/decisions/067-proposal-pages.md), a proposal's acceptance or a change order's
 * approval: who signed, as what, when (UTC, as recorded, and where the reader is), from where, and the hashes that tie
 * the signed PDF to what was shown. `rows` are what was signed for (EvidenceRow each), between the place and the
 * hashes; `children` is the download button. The customer's page and the console show the same.
 */
export function SignatureEvidence({
  heading,
  signature,
  rows,
  children,
}: {
  heading: string;
  signature: SignatureRecord;
  rows?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="evidence-heading" className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-green-200 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="evidence-heading" className="text-lg font-semibold text-slate-900">
            {heading}
          </h3>
          <p className="font-signature text-3xl wrap-anywhere text-slate-900 italic">{signature.signer_name}</p>
        </div>
        {children}
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <EvidenceRow term="Signed by">{signature.signer_name}</EvidenceRow>
        <EvidenceRow term="Email">{signature.signer_email}</EvidenceRow>
        <EvidenceTimes at={signature.signed_at} />
        <EvidenceRow term="IP address">{signature.ip_address}</EvidenceRow>
        {rows}
        <EvidenceRow term="Content SHA-256">
          <code className="font-mono text-xs break-all" data-testid="content-sha256">
            {signature.content_sha256}
          </code>
        </EvidenceRow>
        <EvidenceRow term="Signed PDF SHA-256">
          <code className="font-mono text-xs break-all" data-testid="pdf-sha256">
            {signature.pdf_sha256}
          </code>
        </EvidenceRow>
      </dl>
    </section>
  );
}

/** When it was done, two lines of the evidence: in UTC, as recorded, and where the reader is. */
export function EvidenceTimes({ at }: { at: string }) {
  const moment = new Date(at);
  return (
    <>
      <EvidenceRow term="Time (UTC)">{`${utc.format(moment)} UTC`}</EvidenceRow>
      <EvidenceRow term="Your local time">{local.format(moment)}</EvidenceRow>
    </>
  );
}

/** One line of the evidence: its term and what it records. */
export function EvidenceRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-y-0.5 sm:col-span-2 sm:grid-cols-subgrid sm:gap-x-6">
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}
