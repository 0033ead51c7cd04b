import { formatProposalNumber, PROPOSAL_CONSENT_TEXT } from '@portal/contract';
import { CONTENT_WIDTH, finish, firstPage, heading, money, PAGE, printDate, section, table, totals, type Doc, type PdfInput } from '../../core/pdf/kit';
import { evidencePage, signatureBlock } from '../../core/signatures/pdf';
import type { AcceptanceEvidence } from './proposals.repository';
import { quantityText, rateText, type ProposalTree } from './proposals.content';

/**
 * The signed proposal (docs/decisions/067-proposal-pages.md): the proposal as the customer saw it,
 * the signature block, and a page of evidence. Made once, at acceptance, and stored: it is never rendered again, so
 * the bytes a reader downloads are the bytes whose SHA-256 the evidence records.
 */

/** What every part of the signed PDF prints from: the proposal's tree, the acceptance's evidence and the items chosen. */
interface Signed {
  tree: ProposalTree;
  evidence: AcceptanceEvidence;
  selected: ReadonlySet<number>;
  reference: string;
}

export async function renderSignedProposalPdf(input: PdfInput & { tree: ProposalTree; evidence: AcceptanceEvidence }): Promise<Buffer> {
  const { brand, tree, evidence } = input;
  const { proposal } = tree;
  const signed: Signed = { tree, evidence, selected: new Set(evidence.selectedItemIds), reference: formatProposalNumber(proposal.number, proposal.version) };
  const {
    doc,
    color,
    y: bodyTop,
  } = await firstPage(input, {
    documentTitle: `Proposal ${signed.reference} (signed)`,
    title: 'PROPOSAL',
    facts: [
      ['Proposal', signed.reference],
      ['Status', 'Accepted'],
      ['Sent', proposal.sent_at ? printDate(proposal.sent_at.toISOString().slice(0, 10)) : '-'],
      ['Valid until', printDate(proposal.expires_on)],
      ['Accepted total', money(evidence.total)],
    ],
    projectCaption: 'Project',
    // Dated at the acceptance rather than at the render: the same acceptance makes the same bytes.
    createdAt: evidence.signedAt,
  });
  const y = proposalBody(doc, bodyTop, signed, color);
  proposalSignature(doc, y, signed);
  proposalEvidence(doc, signed, color);
  return finish(doc, `${brand.name} · Proposal ${signed.reference} · signed`);
}

/** The proposal as the customer saw it: its title, introduction, sections with the optional items marked chosen or not, the accepted totals and terms. */
function proposalBody(doc: Doc, top: number, { tree, evidence, selected }: Signed, color: string): number {
  const { proposal } = tree;
  let y = top;
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#0f172a').text(proposal.title, PAGE.margin, y, { width: CONTENT_WIDTH });
  y = doc.y;
  if (proposal.intro) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#334155')
      .text(proposal.intro, PAGE.margin, y + 6, { width: CONTENT_WIDTH });
    y = doc.y;
  }

  for (const part of tree.sections) {
    y = heading(doc, y, part.title);
    if (part.items.length === 0) continue;
    y = table(
      doc,
      y,
      [
        { label: 'Description', width: 250 },
        { label: 'Quantity', width: 62, align: 'right' },
        { label: 'Unit price', width: 80, align: 'right' },
        { label: 'Amount', width: 120, align: 'right' },
      ],
      part.items.map((item) => [
        item.optional ? `${item.description}\nOptional: ${selected.has(item.id) ? 'chosen' : 'not chosen'}` : item.description,
        quantityText(item.quantity),
        money(item.unit_price),
        item.optional && !selected.has(item.id) ? `(${money(item.amount)})` : money(item.amount),
      ]),
      color,
    );
  }
  y = totals(doc, y, [
    ['Subtotal', money(evidence.subtotal)],
    [`Tax (${rateText(proposal.tax_rate)}%)`, money(evidence.tax)],
    ['Accepted total', money(evidence.total)],
  ]);
  if (proposal.terms) y = section(doc, y, 'Terms', proposal.terms);
  return y;
}

/** The signature block: what was signed, by whom, when (core/signatures/pdf.ts). */
function proposalSignature(doc: Doc, top: number, { tree, evidence, selected }: Signed): void {
  signatureBlock(doc, top, {
    title: 'Acceptance',
    signer: evidence,
    lines: [`Optional items chosen: ${chosenList(tree, selected)}. Accepted total ${money(evidence.total)}.`],
    consent: PROPOSAL_CONSENT_TEXT,
  });
}

/** The evidence, on a page of its own. */
function proposalEvidence(doc: Doc, { tree, evidence, selected, reference }: Signed, color: string): void {
  const { proposal } = tree;
  evidencePage(doc, color, {
    title: 'Evidence of acceptance',
    subject: ['Proposal', `${reference} (id ${proposal.id}), ${proposal.title}`],
    signedAtLabel: 'Accepted at (UTC)',
    signer: evidence,
    consent: PROPOSAL_CONSENT_TEXT,
    extra: [
      ['Optional items chosen', chosenList(tree, selected)],
      ['Accepted subtotal, tax, total', `${money(evidence.subtotal)}, ${money(evidence.tax)}, ${money(evidence.total)}`],
    ],
    contentSha256: evidence.contentSha256,
    note: 'The content SHA-256 is the hash of the canonical JSON of the proposal as shown to the signer (its version, title, introduction, sections, items, prices, tax, terms, expiry date and the optional items chosen), as the portal defines it. The SHA-256 of this PDF file is recorded with the evidence when the file is made.',
  });
}

function chosenList(tree: ProposalTree, selected: ReadonlySet<number>): string {
  const names = tree.sections.flatMap((part) => part.items.filter((item) => item.optional && selected.has(item.id)).map((item) => item.description));
  return names.length > 0 ? names.join('; ') : 'none';
}
