import type { DemoContext, SeedTx, AreaSeeder } from './context';
import { seedInvoices } from './invoices';
import { seedDocuments } from './documents';
import { seedPhotos } from './photos';
import { seedNotes } from './notes';
import { seedProposals } from './proposals';
import { seedCalendar } from './calendar';
import { seedChangeOrders } from './change-orders';
import { seedSelections } from './selections';

/**
 * Each area (notes, photos, invoices, documents …) adds its demo data here, in the same
 * transaction as the rest of the seed. Keep every seeder deterministic: no Math.random, no now().
 */
const AREA_SEEDERS: AreaSeeder[] = [seedInvoices, seedNotes, seedPhotos, seedDocuments, seedProposals, seedChangeOrders, seedSelections, seedCalendar];

export async function seedAreas(tx: SeedTx, demo: DemoContext): Promise<void> {
  for (const seeder of AREA_SEEDERS) await seeder(tx, demo);
}
