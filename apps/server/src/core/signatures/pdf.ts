import { CONTENT_WIDTH, heading, PAGE, table, type Doc } from '../pdf/kit';
import { utcStamp, type SignerEvidence } from './evidence';

/**
 * The two parts every signed PDF has (a proposal accepted, a change order approved): the signature block under the
 * document, and the evidence on a page of its own. The document's body is its module's; these are drawn here only, so
 * the two read alike.
 */

/** The signature block: the name as typed, by whom and when, what the module adds, and the consent the signer ticked. */
export function signatureBlock(doc: Doc, top: number, block: { title: string; signer: SignerEvidence; lines: string[]; consent: string }): void {
  const { signer } = block;
  const y = heading(doc, top + 6, block.title);
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, 96).lineWidth(1).strokeColor('#cbd5e1').stroke();
  doc
    .font('Helvetica-Oblique')
    .fontSize(20)
    .fillColor('#0f172a')
    .text(signer.signerName, PAGE.margin + 12, y + 12, { width: CONTENT_WIDTH - 24 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#334155')
    .text(`Signed electronically by ${signer.signerName} (${signer.signerEmail}) on ${utcStamp(signer.signedAt)}.`, PAGE.margin + 12, doc.y + 4, {
      width: CONTENT_WIDTH - 24,
    });
  for (const line of block.lines) doc.text(line, { width: CONTENT_WIDTH - 24 });
  doc.text(`"${block.consent}"`, { width: CONTENT_WIDTH - 24 });
}

/**
 * The evidence, on a page of its own: what was signed, the signer's rows, the consent, what the module adds, and the
 * content's SHA-256; then a note saying what that hash covers.
 */
export function evidencePage(
  doc: Doc,
  color: string,
  page: {
    title: string;
    /** The first row: what was signed ("Proposal", "P-7 (id 12), Kitchen remodel"). */
    subject: [string, string];
    /** The verb of the time's row: "Accepted at (UTC)". */
    signedAtLabel: string;
    signer: SignerEvidence;
    consent: string;
    extra: [string, string][];
    contentSha256: string;
    note: string;
  },
): void {
  const { signer } = page;
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#0f172a').text(page.title, PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH });
  const rows: [string, string][] = [
    page.subject,
    ['Signer name (as typed)', signer.signerName],
    ['Portal user email', signer.signerEmail],
    [page.signedAtLabel, signer.signedAt.toISOString()],
    ['IP address', signer.ipAddress],
    ['User agent', signer.userAgent ?? '(none sent)'],
    ['Consent', `Ticked: "${page.consent}"`],
    ...page.extra,
    ['Content SHA-256', page.contentSha256],
  ];
  table(
    doc,
    doc.y + 10,
    [
      { label: 'Field', width: 150 },
      { label: 'Value', width: CONTENT_WIDTH - 150 },
    ],
    rows.map(([label, value]) => [label, value]),
    color,
  );
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#475569')
    .text(page.note, PAGE.margin, doc.y + 12, { width: CONTENT_WIDTH });
}
