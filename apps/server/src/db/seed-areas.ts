import type { Db } from './client';

export type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the base demo made, for the areas to hang their own demo data on. */
export interface DemoContext {
  /** The seed's fixed clock: `at(3)` is three days after it. */
  at: (days: number) => Date;
  companies: { acme: number; brightside: number };
  staff: { dana: number; omar: number; priya: number };
  users: { casey: number; nico: number };
  /** kitchen, garage (no name), roof: Acme, Casey; lakeHouse: Brightside, Casey; deck: Acme, Nico. */
  projects: { kitchen: number; garage: number; roof: number; lakeHouse: number; deck: number };
  entities: number[];
}

export type AreaSeeder = (tx: SeedTx, demo: DemoContext) => Promise<void>;

/**
 * Each area (notes, photos, invoices, documents …) adds its demo data here, in the same
 * transaction as the rest of the seed. Keep every seeder deterministic: no Math.random, no now().
 */
const AREA_SEEDERS: AreaSeeder[] = [];

export async function seedAreas(tx: SeedTx, demo: DemoContext): Promise<void> {
  for (const seeder of AREA_SEEDERS) await seeder(tx, demo);
}
