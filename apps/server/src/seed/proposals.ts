import { eq } from 'drizzle-orm';
import { brandOf } from '../core/pdf/kit';
import { companies, portalUsers, projects } from '../db/schema';
import { renderSignedProposalPdf } from '../modules/proposals/proposals.pdf';
import { proposalsRepository, type DraftFields } from '../modules/proposals/proposals.repository';
import type { AreaSeeder } from './context';

/**
 * The proposals demo (docs/requirements.md 11.8): on Acme's kitchen remodel a sent proposal awaiting Casey's answer,
 * with optional items to tick; on the roof an accepted one, with its evidence and signed PDF. The expiry dates are
 * fixed (no now()), far enough ahead that the demo's proposal can still be answered.
 */

const TERMS = 'A deposit of 30% on acceptance, the balance on completion. Prices hold until the expiry date.';

const kitchenProposal: DraftFields = {
  title: 'Kitchen remodel: cabinets, counters and lighting',
  intro: 'Thank you for walking us through the kitchen. Below is what we propose; tick any of the optional items you would like added.',
  terms: TERMS,
  expiresOn: '2027-06-30',
  taxRate: '8.25',
  sections: [
    {
      title: 'Cabinets',
      items: [
        { description: 'Shaker base cabinets, installed', quantity: '8', unitPrice: '385.00', optional: false },
        { description: 'Wall cabinets, installed', quantity: '6', unitPrice: '295.00', optional: false },
        { description: 'Soft-close hinges and drawer slides', quantity: '1', unitPrice: '420.00', optional: true },
      ],
    },
    {
      title: 'Counters and backsplash',
      items: [
        { description: 'Quartz countertop, per sq ft', quantity: '48.75', unitPrice: '92.40', optional: false },
        { description: 'Tile backsplash, per sq ft', quantity: '36.5', unitPrice: '18.95', optional: true },
      ],
    },
    {
      title: 'Lighting',
      items: [
        { description: 'Recessed lights', quantity: '6', unitPrice: '89.95', optional: false },
        { description: 'Under-cabinet LED strips', quantity: '1', unitPrice: '340.00', optional: true },
      ],
    },
  ],
};

const roofProposal: DraftFields = {
  title: 'Roof replacement',
  intro: 'Tear-off of the old shingles and a new architectural shingle roof.',
  terms: TERMS,
  expiresOn: '2026-04-30',
  taxRate: '0',
  sections: [
    {
      title: 'Roofing',
      items: [
        { description: 'Tear-off and disposal', quantity: '1', unitPrice: '4000.00', optional: false },
        { description: 'Architectural shingles, per square', quantity: '24', unitPrice: '425.00', optional: false },
        { description: 'Seamless gutters', quantity: '1', unitPrice: '1850.00', optional: true },
      ],
    },
  ],
};

export const seedProposals: AreaSeeder = async (tx, demo) => {
  const repository = proposalsRepository(tx);
  const acme = demo.companies.acme;
  const day = (at: Date) => at.toISOString().slice(0, 10);

  const sentAt = demo.at(250);
  const kitchen = await repository.createDraft(acme, demo.projects.kitchen, kitchenProposal, demo.at(249));
  await repository.send(acme, kitchen, sentAt, day(sentAt));

  const roof = await repository.createDraft(acme, demo.projects.roof, roofProposal, demo.at(3));
  await repository.send(acme, roof, demo.at(4), day(demo.at(4)));
  const [company] = await tx.select().from(companies).where(eq(companies.id, acme));
  const [casey] = await tx.select({ id: portalUsers.id, email: portalUsers.email }).from(portalUsers).where(eq(portalUsers.id, demo.users.casey));
  const [project] = await tx
    .select({ number: projects.number, name: projects.name, address_street: projects.address_street })
    .from(projects)
    .where(eq(projects.id, demo.projects.roof));
  const acceptedAt = demo.at(6);
  const gutters = (await repository.companyFind(acme, roof))!.sections[0]!.items.find((item) => item.optional)!.id;
  const refusal = await repository.accept(
    { companyId: acme, projectId: demo.projects.roof },
    roof,
    {
      portalUser: casey!,
      signerName: 'Casey Morgan',
      ipAddress: '203.0.113.24',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      selectedItemIds: [gutters],
      now: acceptedAt,
      today: day(acceptedAt),
    },
    (tree, evidence) => renderSignedProposalPdf({ brand: brandOf(company!), logo: null, project: project!, tree, evidence }),
    async (pdf) => {
      const blob = await demo.blobs.put(pdf, { contentType: 'application/pdf' });
      return { ...blob, remove: () => demo.blobs.delete(blob.key) };
    },
  );
  if (refusal) throw new Error(`The demo proposal was not accepted: ${refusal.refused}`);
};
