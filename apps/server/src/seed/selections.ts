import { eq } from 'drizzle-orm';
import { storeFile } from '../core/files/store';
import type { Db } from '../db/client';
import { allowances, selectionOptionPhotos, selectionOptions, selections } from '../db/schema';
import { IMAGE_KINDS } from '../lib/file-types';
import { selectionChoicesRepository } from '../modules/selections/selection-choices.repository';
import type { AreaSeeder, DemoContext, SeedTx } from './context';
import { demoPhoto } from './demo-media';

/**
 * The selections demo (docs/company-api.md "Selections and allowances"), on Acme's kitchen remodel: the faucet still to
 * choose against its $400 allowance (the touchless one would make a $250 change order), the backsplash tile chosen by
 * Casey under its allowance (a credit the office may carry), and the cabinet hardware chosen and locked. Seeders keep
 * no clock, so the faucet's deadline is a fixed day far enough ahead, as the demo change order's is.
 */

const DAY = 263;
const POLICY = { maxBytes: 10 * 1024 * 1024, accept: IMAGE_KINDS };

interface DemoOption {
  title: string;
  description?: string;
  price: string;
  leadTimeDays?: number;
  photo?: boolean;
}

interface DemoSelection {
  title: string;
  description: string;
  deadline: string | null;
  allowance: { name: string; amount: string } | null;
  options: DemoOption[];
  /** The option Casey chose, by index. */
  chosen?: number;
  locked?: boolean;
}

const SELECTIONS: DemoSelection[] = [
  {
    title: 'Kitchen faucet',
    description: 'The faucet for the new sink on the island. Every option fits the sink and the countertop cut-out.',
    deadline: '2027-06-30',
    allowance: { name: 'Kitchen faucet', amount: '400.00' },
    options: [
      { title: 'Brushed nickel pull-down', description: 'Single handle, pull-down sprayer.', price: '320.00', leadTimeDays: 5, photo: true },
      { title: 'Matte black pull-down', description: 'Single handle, pull-down sprayer, magnetic dock.', price: '400.00', leadTimeDays: 7, photo: true },
      {
        title: 'Touchless with filtered water',
        description: 'Motion sensor and a second tap for filtered water.',
        price: '650.00',
        leadTimeDays: 14,
        photo: true,
      },
    ],
  },
  {
    title: 'Backsplash tile',
    description: 'Tile for the wall between the counters and the upper cabinets, about 35 sq ft.',
    deadline: null,
    allowance: { name: 'Backsplash tile', amount: '1200.00' },
    options: [
      { title: 'Subway, white', description: '3 × 6 in gloss ceramic, white grout.', price: '950.00', leadTimeDays: 3, photo: true },
      { title: 'Handmade zellige', description: '4 × 4 in glazed terracotta, each tile a little different.', price: '1800.00', leadTimeDays: 21, photo: true },
    ],
    chosen: 0,
  },
  {
    title: 'Cabinet hardware',
    description: 'Pulls for every drawer and door.',
    deadline: null,
    allowance: null,
    options: [
      { title: 'Brushed brass bar pulls', price: '240.00', leadTimeDays: 4 },
      { title: 'Matte black cup pulls', price: '180.00', leadTimeDays: 4 },
    ],
    chosen: 1,
    locked: true,
  },
];

async function seedOption(tx: SeedTx, demo: DemoContext, selectionId: number, option: DemoOption, position: number, photoSeed: number) {
  const stamp = demo.at(DAY);
  const [row] = await tx
    .insert(selectionOptions)
    .values({
      selection_id: selectionId,
      title: option.title,
      description: option.description ?? null,
      price: option.price,
      lead_time_days: option.leadTimeDays ?? null,
      position,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning({ id: selectionOptions.id });
  if (option.photo) {
    const file = await storeFile(tx as unknown as Db, demo.blobs, {
      body: await demoPhoto(photoSeed, option.title),
      name: `option-${photoSeed}.jpg`,
      owner: { companyId: demo.companies.acme, staffId: demo.staff.dana },
      policy: POLICY,
      createdAt: stamp,
    });
    await tx.insert(selectionOptionPhotos).values({ option_id: row!.id, file_id: file.id, position: 0 });
  }
  return row!.id;
}

export const seedSelections: AreaSeeder = async (tx, demo) => {
  const acme = demo.companies.acme;
  const project = demo.projects.kitchen;
  const stamp = demo.at(DAY);
  let photoSeed = 40;
  for (const [position, demoSelection] of SELECTIONS.entries()) {
    const [allowance] = demoSelection.allowance
      ? await tx
          .insert(allowances)
          .values({ company_id: acme, project_id: project, ...demoSelection.allowance, position, created_at: stamp, updated_at: stamp })
          .returning({ id: allowances.id })
      : [];
    const [selection] = await tx
      .insert(selections)
      .values({
        company_id: acme,
        project_id: project,
        allowance_id: allowance?.id ?? null,
        title: demoSelection.title,
        description: demoSelection.description,
        room: 'Kitchen',
        deadline: demoSelection.deadline,
        position,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning({ id: selections.id });
    const optionIds: number[] = [];
    for (const [index, option] of demoSelection.options.entries()) optionIds.push(await seedOption(tx, demo, selection!.id, option, index, (photoSeed += 1)));
    if (demoSelection.chosen !== undefined) await choose(tx, demo, selection!.id, optionIds[demoSelection.chosen]!);
    if (demoSelection.locked)
      await tx
        .update(selections)
        .set({ locked_at: demo.at(DAY + 2), updated_at: demo.at(DAY + 2) })
        .where(eq(selections.id, selection!.id));
  }
};

/** Casey chooses, through the path the portal takes (the evidence as a typed signature's). */
async function choose(tx: SeedTx, demo: DemoContext, selectionId: number, optionId: number) {
  const now = demo.at(DAY + 1);
  const done = await selectionChoicesRepository(tx).choose({
    companyId: demo.companies.acme,
    selectionId,
    optionId,
    actor: {
      chosenBy: 'customer',
      portalUserId: demo.users.casey,
      signerName: 'Casey Morgan',
      signerEmail: 'customer@example.com',
      ipAddress: '203.0.113.24',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    },
    now,
    today: now.toISOString().slice(0, 10),
  });
  if (done.refused !== null) throw new Error(`The demo choice was refused: ${done.refused}`);
}
