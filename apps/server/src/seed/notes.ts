import { NOTE_ATTACHMENT_KINDS, NOTE_ATTACHMENT_MAX_BYTES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { storeFile, type FileOwner } from '../core/files/store';
import { notesRepository } from '../modules/notes/notes.repository';
import type { Db } from '../db/client';
import { demoPdf, demoPhoto } from './demo-media';
import { staff } from '../db/schema';
import type { AreaSeeder, DemoContext, SeedTx } from './context';

type Author = { staff: keyof DemoContext['staff'] } | { user: keyof DemoContext['users'] } | 'company';

interface DemoNote {
  /** Days after the seed's clock, then the UTC hour and minute (Austin is UTC-6, Portland UTC-8). */
  day: number;
  at: [number, number];
  by: Author;
  body: string;
  internal?: boolean;
  /** Files on the note, as a composer would attach them: site photos and PDFs. */
  attachments?: DemoAttachment[];
}

type DemoAttachment = { name: string } & ({ photo: { seed: number; label: string } } | { pdf: { title: string; paragraphs: string[] } });

/** The same rules as a note posted in the portal. */
const ATTACHMENT_POLICY = { maxBytes: NOTE_ATTACHMENT_MAX_BYTES, accept: NOTE_ATTACHMENT_KINDS };

/** The kitchen remodel: two weeks of a real conversation, with a few notes the company keeps to itself. */
const KITCHEN: DemoNote[] = [
  {
    day: 1,
    at: [15, 10],
    by: { staff: 'dana' },
    body: "Hi Casey, welcome to your project thread! I'm Dana, your project manager. Demolition starts Monday at 8 am. Please clear the counters and the cabinets under the sink by Sunday evening.",
  },
  { day: 1, at: [16, 2], by: { user: 'casey' }, body: 'Thanks Dana! Will do. Should we also take the fridge out, or will your crew move it?' },
  {
    day: 1,
    at: [16, 40],
    by: { staff: 'dana' },
    body: "Our crew will move the fridge to the dining room and hook it up there, so you'll have it the whole time.",
  },
  {
    day: 1,
    at: [17, 5],
    by: { staff: 'dana' },
    body: "Customer asked about the fridge; told them we move it. Omar, please add a dolly to Monday's load list.",
    internal: true,
  },
  {
    day: 4,
    at: [14, 30],
    by: { staff: 'omar' },
    body: "Morning! Crew is on site. We'll run the dust barrier along the hallway first, so the bedrooms stay clean.",
  },
  {
    day: 4,
    at: [22, 15],
    by: { staff: 'omar' },
    body: 'Demo is done: cabinets, counters and the old soffit are out. We found some water damage behind the sink wall; nothing structural, but we will replace two feet of the bottom plate.',
    attachments: [
      { name: 'sink-wall.jpg', photo: { seed: 901, label: 'Water damage behind the sink wall' } },
      { name: 'kitchen-after-demo.jpg', photo: { seed: 902, label: 'Kitchen after demolition' } },
    ],
  },
  { day: 4, at: [22, 48], by: { user: 'casey' }, body: 'Oh no. How much will that add? And does it push the schedule?' },
  {
    day: 4,
    at: [23, 20],
    by: { staff: 'omar' },
    body: 'Bottom plate rot ~24", 2 studs sistered. Materials < $80, 3 labor hours. Dana to decide on change order.',
    internal: true,
  },
  {
    day: 5,
    at: [15, 0],
    by: { staff: 'dana' },
    body: "Good news: the repair is covered by the contingency in your contract, so no change order. It doesn't move the schedule either: cabinets still arrive on the 14th.",
  },
  { day: 5, at: [15, 35], by: { user: 'casey' }, body: 'Phew, thank you both!' },
  {
    day: 7,
    at: [18, 20],
    by: { staff: 'dana' },
    body: 'Rough plumbing and electrical passed inspection today. Next up: drywall. Please pick your countertop edge by Friday; the profiles are here:\nhttps://acme-builders.example.com/finishes/countertop-edges\n\nEased, bevel and ogee are all included in the price.',
    attachments: [
      {
        name: 'rough-in-inspection.pdf',
        pdf: {
          title: 'Rough-in inspection: passed',
          paragraphs: [
            'City of Austin, Development Services. Permit 2026-041733 BP, 4512 Avenue F.',
            'Rough plumbing: passed. Rough electrical: passed. No corrections required.',
            'Next inspection: insulation, before drywall.',
          ],
        },
      },
    ],
  },
  {
    day: 8,
    at: [1, 12],
    by: { user: 'casey' },
    body: "We'd like the eased edge please. Also, can the outlet on the island be a pop-up one instead of on the side?",
  },
  {
    day: 8,
    at: [15, 45],
    by: { staff: 'dana' },
    body: "Eased edge it is. A pop-up outlet works; it's $145 extra with the part. I'll send a small change order through the portal documents for you to approve.",
  },
  { day: 8, at: [16, 0], by: { staff: 'dana' }, body: 'Change order #1 drafted: pop-up outlet, $145. Fabricator confirmed eased edge.', internal: true },
  {
    day: 11,
    at: [21, 30],
    by: { staff: 'omar' },
    body: 'Drywall is hung and taped. It needs two days to dry before we sand and prime, so no crew on site Thursday.',
  },
  {
    day: 14,
    at: [16, 5],
    by: { staff: 'omar' },
    body: 'Cabinets delivered and checked: all 14 boxes, no damage. Installation starts tomorrow morning.',
  },
  {
    day: 14,
    at: [19, 50],
    by: { user: 'casey' },
    body: 'So exciting! The color looks even better than the sample.',
    attachments: [{ name: 'cabinets.jpg', photo: { seed: 903, label: 'New cabinets' } }],
  },
  {
    day: 16,
    at: [22, 0],
    by: { staff: 'dana' },
    body: 'Cabinets are in and level. The countertop template is on Tuesday at 10 am; someone should be home for about an hour so the fabricator can check the sink and faucet placement with you.',
  },
  {
    day: 17,
    at: [0, 25],
    by: { user: 'casey' },
    body: "I'll be home Tuesday. Can they also check whether the faucet can go a bit to the left, closer to the window?",
  },
  { day: 17, at: [14, 40], by: { staff: 'dana' }, body: "Yes, tell the fabricator on Tuesday and they'll mark it on the template. See you then!" },
];

const GARAGE: DemoNote[] = [
  {
    day: 4,
    at: [17, 0],
    by: { staff: 'omar' },
    body: "Hi Casey, the garage conversion is on the calendar for the 28th. We'll need the garage empty by then; the permit is approved.",
  },
  { day: 5, at: [2, 10], by: { user: 'casey' }, body: 'Great. Where will the new window go? The drawings show two options.' },
  { day: 5, at: [15, 20], by: { staff: 'omar' }, body: 'Option B, the one facing the yard: it gets the afternoon light and needs no header change.' },
];

const ROOF: DemoNote[] = [
  { day: 6, at: [16, 0], by: { staff: 'dana' }, body: 'The roof is finished and the final inspection passed. The warranty papers are in your documents.' },
  { day: 6, at: [18, 30], by: { user: 'casey' }, body: 'Looks fantastic, thank you! The crew was very tidy.' },
  { day: 6, at: [19, 0], by: 'company', body: 'Thanks for choosing Acme Builders! We would love a review if you have a minute.' },
];

const LAKE_HOUSE: DemoNote[] = [
  {
    day: 8,
    at: [18, 0],
    by: { staff: 'priya' },
    body: "Hi Casey, I've put together two tile palettes for the bathroom. Could you look at them before our call on Thursday?",
  },
  { day: 9, at: [3, 45], by: { user: 'casey' }, body: 'We love the second one, with the green zellige behind the vanity.' },
  {
    day: 9,
    at: [17, 10],
    by: { staff: 'priya' },
    body: 'Client prefers palette 2 (green zellige). Check lead time with supplier before quoting.',
    internal: true,
  },
];

const DECK: DemoNote[] = [
  { day: 9, at: [15, 30], by: { staff: 'omar' }, body: 'Hi Nico, footings are poured. The lumber arrives Wednesday and framing starts Thursday.' },
  { day: 9, at: [20, 5], by: { user: 'nico' }, body: 'Perfect. Could the steps go on the left side instead, toward the garden?' },
];

/**
 * Demo notes on every project, and pictures for the staff (served from assets/brand/avatars). Written
 * through the repository the routes use, so the threads' counts are kept exactly as the app keeps
 * them; all times come from the seed's clock.
 */
export const seedNotes: AreaSeeder = async (tx: SeedTx, demo: DemoContext) => {
  for (const name of ['dana', 'omar', 'priya'] as const) {
    await tx
      .update(staff)
      .set({ avatar_url: `/brand/avatars/${name}.svg`, updated_at: demo.at(0) })
      .where(eq(staff.id, demo.staff[name]));
  }

  const repository = notesRepository(tx);
  const dayStart = (day: number) => {
    const start = demo.at(day);
    return start.getTime() - (start.getTime() % 86_400_000);
  };
  const threads: [number, DemoNote[]][] = [
    [demo.projects.kitchen, KITCHEN],
    [demo.projects.garage, GARAGE],
    [demo.projects.roof, ROOF],
    [demo.projects.lakeHouse, LAKE_HOUSE],
    [demo.projects.deck, DECK],
  ];
  for (const [projectId, thread] of threads) {
    const companyId = projectId === demo.projects.lakeHouse ? demo.companies.brightside : demo.companies.acme;
    for (const note of thread) {
      const createdAt = new Date(dayStart(note.day) + (note.at[0] * 60 + note.at[1]) * 60_000);
      const owner: FileOwner =
        typeof note.by === 'object' && 'user' in note.by
          ? { companyId, portalUserId: demo.users[note.by.user] }
          : { companyId, staffId: typeof note.by === 'object' ? demo.staff[note.by.staff] : null };
      const fileIds: number[] = [];
      for (const attachment of note.attachments ?? []) {
        const body =
          'photo' in attachment
            ? await demoPhoto(attachment.photo.seed, attachment.photo.label, 1200, 900)
            : await demoPdf(attachment.pdf.title, attachment.pdf.paragraphs, createdAt);
        const file = await storeFile(tx as unknown as Db, demo.blobs, { body, name: attachment.name, owner, policy: ATTACHMENT_POLICY, createdAt });
        fileIds.push(file.id);
      }
      await repository.create({
        projectId,
        body: note.body,
        authorStaffId: typeof note.by === 'object' && 'staff' in note.by ? demo.staff[note.by.staff] : null,
        authorPortalUserId: typeof note.by === 'object' && 'user' in note.by ? demo.users[note.by.user] : null,
        sharedWithPortal: !note.internal,
        fileIds,
        createdAt,
      });
    }
  }
};
