import { addDays, calendarDate } from '../modules/invoices/aging';
import { invoicesRepository, type NewInvoice } from '../modules/invoices/invoices.repository';
import { fromCents, lineAmountCents, sumCents, taxCents } from '../modules/invoices/money';
import type { AreaSeeder, DemoContext } from './context';

/**
 * The invoices demo (docs/requirements.md 11.5 and 15): 28 invoices on Acme's kitchen remodel (26 sent or void, enough for
 * three pages of 10, and 2 drafts the portal never shows) in every status, a few on the other
 * projects, and two on Brightside's lake house, whose company has invoicing switched off. Dates hang
 * off the seed's fixed clock; overdue is derived from today's date, so older unpaid invoices turn
 * overdue as time passes; the retainage invoices are due 60 days after they are issued.
 */

const CATALOG: [description: string, quantity: string, unitPrice: string][] = [
  ['Demolition and haul-away', '1', '2450.00'],
  ['Cabinet installation, hours', '32.5', '87.35'],
  ['Quartz countertop, per sq ft', '48.75', '92.40'],
  ['Electrical rough-in', '1', '1875.00'],
  ['Plumbing fixtures', '3', '412.67'],
  ['Tile backsplash, per sq ft', '36.5', '18.95'],
  ['Permit fees', '1', '385.00'],
  ['Paint and finish, hours', '14.25', '64.50'],
  ['Appliance installation', '4', '149.99'],
  ['Lighting fixtures', '6', '89.95'],
];
const METHODS = ['Check', 'ACH', 'Card'] as const;
const TAX_RATE = '8.25';
const NET_30 = 'Net 30. Please make checks payable to Acme Builders, or pay by ACH with the invoice number as the reference.';
const RETAINAGE = 'Retainage: due 60 days after the invoice date, at substantial completion of the project.';

type Plan = 'paid' | 'paid-in-two' | 'partial' | 'unpaid' | 'void' | 'draft';

function lines(seed: number, count: number): NewInvoice['lines'] {
  return Array.from({ length: count }, (_, k) => {
    const [description, quantity, unitPrice] = CATALOG[(seed * 3 + k) % CATALOG.length]!;
    return { description, quantity, unitPrice };
  });
}

/** The invoice's total in cents, computed the way the repository will store it. */
function totalCents(items: NewInvoice['lines'], taxRate: string): number {
  const subtotal = sumCents(items.map((line) => lineAmountCents(line.quantity, line.unitPrice)));
  return subtotal + taxCents(subtotal, taxRate);
}

function invoice(
  demo: DemoContext,
  options: {
    companyId: number;
    projectId: number;
    number: string;
    issueDay: number;
    dueDate?: string;
    plan: Plan;
    lines: NewInvoice['lines'];
    taxRate?: string;
    seq: number;
    terms?: string;
  },
): NewInvoice {
  const issueDate = calendarDate(demo.at(options.issueDay));
  const taxRate = options.taxRate ?? TAX_RATE;
  const total = totalCents(options.lines, taxRate);
  const method = METHODS[options.seq % METHODS.length]!;
  const reference = (n: number) => `${method === 'Check' ? 'CHK' : method === 'ACH' ? 'ACH' : 'CARD'}-${4100 + options.seq * 3 + n}`;
  const paidOn = (offset: number) => addDays(issueDate, offset + (options.seq % 5));
  let payments: NewInvoice['payments'] = [];
  if (options.plan === 'paid') payments = [{ paidOn: paidOn(12), amount: fromCents(total), method, reference: reference(0) }];
  if (options.plan === 'paid-in-two') {
    const first = Math.round((total * 2) / 5);
    payments = [
      { paidOn: paidOn(6), amount: fromCents(first), method, reference: reference(0) },
      { paidOn: paidOn(20), amount: fromCents(total - first), method, reference: reference(1) },
    ];
  }
  if (options.plan === 'partial') payments = [{ paidOn: paidOn(9), amount: fromCents(Math.floor(total / 200) * 100), method, reference: reference(0) }];
  return {
    companyId: options.companyId,
    projectId: options.projectId,
    number: options.number,
    state: options.plan === 'void' ? 'void' : options.plan === 'draft' ? 'draft' : 'sent',
    issueDate,
    dueDate: options.dueDate ?? addDays(issueDate, 30),
    taxRate,
    lines: options.lines,
    payments,
    notes: options.plan === 'void' ? 'Voided: replaced by a corrected invoice.' : 'Thank you for your business.',
    terms: options.terms ?? NET_30,
    createdAt: demo.at(options.issueDay),
  };
}

/** Kitchen: which plan each of the 26 sent or void invoices follows, oldest first. */
const KITCHEN_PLANS: Plan[] = [
  'paid-in-two',
  'paid',
  'paid',
  'void',
  'paid-in-two',
  'paid',
  'paid',
  'paid',
  'paid-in-two',
  'paid',
  'paid',
  'paid',
  'paid-in-two',
  'paid',
  'unpaid',
  'unpaid',
  'partial',
  'void',
  'paid',
  'partial',
  'unpaid',
  'unpaid',
  'partial',
  'unpaid',
  'partial',
  'unpaid',
];

export const seedInvoices: AreaSeeder = async (tx, demo) => {
  const acme = demo.companies.acme;
  const items: NewInvoice[] = [];

  KITCHEN_PLANS.forEach((plan, i) => {
    // The last four are retainage, on longer terms.
    const retainage = i >= KITCHEN_PLANS.length - 4;
    items.push(
      invoice(demo, {
        companyId: acme,
        projectId: demo.projects.kitchen,
        number: `INV-${1001 + i}`,
        issueDay: -40 + i * 11,
        dueDate: retainage ? addDays(calendarDate(demo.at(-40 + i * 11)), 60) : undefined,
        plan,
        lines: lines(i, 2 + (i % 3)),
        seq: i,
        terms: retainage ? RETAINAGE : undefined,
      }),
    );
  });
  for (const [index, issueDay] of [250, 262].entries()) {
    items.push(
      invoice(demo, {
        companyId: acme,
        projectId: demo.projects.kitchen,
        number: `INV-${1027 + index}`,
        issueDay,
        plan: 'draft',
        lines: lines(30 + index, 2),
        seq: 30 + index,
      }),
    );
  }

  const others: [project: number, number: string, issueDay: number, plan: Plan, dueDay?: number][] = [
    [demo.projects.roof, 'INV-0901', -120, 'paid'],
    [demo.projects.roof, 'INV-0902', -90, 'paid-in-two'],
    [demo.projects.roof, 'INV-0903', -60, 'paid'],
    [demo.projects.garage, 'INV-1101', 10, 'paid'],
    [demo.projects.garage, 'INV-1102', 40, 'unpaid'],
    [demo.projects.garage, 'INV-1103', 60, 'draft'],
    [demo.projects.deck, 'INV-1201', 12, 'paid'],
    [demo.projects.deck, 'INV-1202', 45, 'unpaid'],
    [demo.projects.deck, 'INV-1203', 70, 'draft'],
  ];
  others.forEach(([projectId, number, issueDay, plan, dueDay], index) => {
    items.push(
      invoice(demo, {
        companyId: acme,
        projectId,
        number,
        issueDay,
        dueDate: dueDay === undefined ? undefined : calendarDate(demo.at(dueDay)),
        plan,
        lines: lines(40 + index, 2),
        seq: 40 + index,
      }),
    );
  });

  // Brightside has invoicing switched off: these exist, and the API still answers 404 for them.
  for (const [index, issueDay] of [14, 28].entries()) {
    items.push({
      ...invoice(demo, {
        companyId: demo.companies.brightside,
        projectId: demo.projects.lakeHouse,
        number: `BSR-${5001 + index}`,
        issueDay,
        plan: 'unpaid',
        lines: lines(50 + index, 2),
        seq: 50 + index,
        taxRate: '0',
      }),
      terms: 'Due on receipt.',
    });
  }

  await invoicesRepository(tx).insert(items);
};
