import type { BlobStore } from '../core/files/blob-store/types';
import type { Db } from '../db/client';
import { seedInvoices } from './invoices';
import { seedDocuments } from './documents';
import { seedPhotos } from './photos';
import { seedNotes } from './notes';

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
  /**
   * Where the demo's photos and documents go: the server's blob store, or (seedDemo(db) without
   * one) a store in memory, for tests that only look at rows.
   */
  blobs: BlobStore;
}

export type AreaSeeder = (tx: SeedTx, demo: DemoContext) => Promise<void>;

/**
 * Each area (notes, photos, invoices, documents …) adds its demo data here, in the same
 * transaction as the rest of the seed. Keep every seeder deterministic: no Math.random, no now().
 */
const AREA_SEEDERS: AreaSeeder[] = [seedInvoices, seedNotes, seedPhotos, seedDocuments];

export async function seedAreas(tx: SeedTx, demo: DemoContext): Promise<void> {
  for (const seeder of AREA_SEEDERS) await seeder(tx, demo);
}
