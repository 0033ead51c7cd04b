import { eq } from 'drizzle-orm';
import { IMAGE_KINDS } from '../lib/file-types';
import { storeFile } from '../core/files/store';
import type { Db } from '../db/client';
import { demoPhoto } from './demo-media';
import { albums, photos } from '../db/schema';
import type { AreaSeeder } from './context';

/** Demo photos are generated at 1200 × 900 (or 900 × 1200): well under any limit. */
const POLICY = { maxBytes: 10 * 1024 * 1024, accept: IMAGE_KINDS };

interface DemoAlbum {
  project: 'kitchen' | 'garage' | 'roof' | 'lakeHouse' | 'deck';
  name: string;
  shared: boolean;
  /** Index of the cover in `photos`; none: the first photo. */
  cover?: number;
  photos: { caption: string | null; portrait?: boolean }[];
}

const ALBUMS: DemoAlbum[] = [
  {
    project: 'kitchen',
    name: 'Demolition',
    shared: true,
    photos: [
      { caption: 'The old kitchen before we started' },
      { caption: 'Upper cabinets coming down' },
      { caption: 'Wall opened up to the dining room', portrait: true },
      { caption: 'Subfloor exposed' },
      { caption: null },
    ],
  },
  {
    project: 'kitchen',
    name: 'Cabinets and counters',
    shared: true,
    cover: 2,
    photos: [
      { caption: 'Base cabinets set and levelled' },
      { caption: 'Island framing' },
      { caption: 'Quartz countertops installed' },
      { caption: 'Backsplash tile, first rows', portrait: true },
      { caption: 'Pendant lights over the island' },
      { caption: 'Hardware going on' },
      { caption: 'Nearly there' },
    ],
  },
  {
    project: 'kitchen',
    name: 'Estimate walkthrough (internal)',
    shared: false,
    photos: [{ caption: 'Water damage under the sink' }, { caption: 'Panel capacity' }],
  },
  {
    project: 'garage',
    name: 'Before',
    shared: true,
    photos: [{ caption: 'Garage door, south side' }, { caption: 'Workbench wall' }, { caption: 'Slab cracks', portrait: true }],
  },
  {
    project: 'deck',
    name: 'Framing',
    shared: true,
    photos: [{ caption: 'Footings poured' }, { caption: 'Ledger board attached' }, { caption: 'Joists at 16 inches' }, { caption: 'Stairs laid out' }],
  },
  { project: 'lakeHouse', name: 'Tile choices', shared: true, photos: [{ caption: 'Hex floor tile sample' }, { caption: 'Shower wall option B' }] },
];

/** Albums of real generated images for the demo projects; the Brightside one stays out of sight (albums are off there). */
export const seedPhotos: AreaSeeder = async (tx, demo) => {
  let seed = 0;
  for (const [albumIndex, album] of ALBUMS.entries()) {
    const projectId = demo.projects[album.project];
    const companyId = album.project === 'lakeHouse' ? demo.companies.brightside : demo.companies.acme;
    const staffId = album.project === 'lakeHouse' ? demo.staff.priya : demo.staff.dana;
    const stamp = demo.at(10 + albumIndex);
    const [row] = await tx
      .insert(albums)
      .values({
        company_id: companyId,
        project_id: projectId,
        name: album.name,
        is_shared: album.shared,
        position: albumIndex,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning({ id: albums.id });
    const photoIds: number[] = [];
    for (const [position, photo] of album.photos.entries()) {
      seed += 1;
      const body = await demoPhoto(seed, photo.caption ?? album.name, photo.portrait ? 900 : 1200, photo.portrait ? 1200 : 900);
      const taken = new Date(stamp.getTime() + position * 3_600_000);
      const file = await storeFile(tx as unknown as Db, demo.blobs, {
        body,
        name: `IMG_${String(2400 + seed).padStart(4, '0')}.jpg`,
        owner: { companyId, staffId },
        policy: POLICY,
        createdAt: taken,
      });
      const [inserted] = await tx
        .insert(photos)
        .values({ company_id: companyId, album_id: row!.id, file_id: file.id, caption: photo.caption, position, created_at: taken, updated_at: taken })
        .returning({ id: photos.id });
      photoIds.push(inserted!.id);
    }
    if (album.cover !== undefined) await tx.update(albums).set({ cover_photo_id: photoIds[album.cover]!, updated_at: stamp }).where(eq(albums.id, row!.id));
  }
};
