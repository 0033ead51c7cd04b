import type { BlobStore } from '../core/files/blob-store/types';
import type { Executor } from '../db/client';

/** The seed's one transaction: every area writes its demo data through the same repositories as the API. */
export type SeedTx = Executor;

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
