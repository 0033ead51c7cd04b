import { FILE_KINDS } from '../lib/file-types';
import { storeFile, type FileOwner } from '../core/files/store';
import type { Db } from '../db/client';
import { demoPdf, demoPhoto } from './demo-media';
import { documents } from '../db/schema';
import type { AreaSeeder, DemoContext } from './context';

const POLICY = { maxBytes: 25 * 1024 * 1024, accept: FILE_KINDS };

type Source = { pdf: { title: string; paragraphs: string[] } } | { photo: { seed: number; label: string } } | { text: string };

interface DemoDocument {
  project: keyof DemoContext['projects'];
  name: string;
  source: Source;
  by: 'dana' | 'omar' | 'priya' | 'casey' | 'nico';
  shared?: boolean;
}

const DOCUMENTS: DemoDocument[] = [
  {
    project: 'kitchen',
    name: 'Signed contract.pdf',
    by: 'dana',
    source: {
      pdf: {
        title: 'Construction agreement: Kitchen remodel',
        paragraphs: [
          'Between Acme Builders and Casey Morgan for the remodel of the kitchen at 4410 Duval St, Austin, TX.',
          'Scope: demolition of existing cabinets and counters, new base and upper cabinets, quartz countertops, tile backsplash, lighting.',
          'Contract price: $48,250.00, payable in four instalments as set out in the payment schedule.',
        ],
      },
    },
  },
  {
    project: 'kitchen',
    name: 'Kitchen floor plan.pdf',
    by: 'dana',
    source: {
      pdf: { title: 'Kitchen floor plan, revision 3', paragraphs: ['Island 8 ft × 4 ft, 42 in clearance on all sides.', 'Sink centred on the window.'] },
    },
  },
  {
    project: 'kitchen',
    name: 'Building permit BP-2026-0412.pdf',
    by: 'omar',
    source: {
      pdf: {
        title: 'City of Austin building permit BP-2026-0412',
        paragraphs: ['Residential remodel, interior, no structural change.', 'Inspections: rough-in electrical, rough-in plumbing, final.'],
      },
    },
  },
  { project: 'kitchen', name: 'Countertop sample.jpg', by: 'omar', source: { photo: { seed: 41, label: 'Calacatta quartz sample' } } },
  {
    project: 'kitchen',
    name: 'Appliance list.txt',
    by: 'dana',
    source: {
      text: 'Appliances for the kitchen remodel\n\n- Range: 30 in dual fuel\n- Hood: 30 in wall mount, 600 CFM\n- Dishwasher: 24 in, panel ready\n- Refrigerator: 36 in counter depth\n',
    },
  },
  { project: 'kitchen', name: 'Cabinet inspiration.jpg', by: 'casey', source: { photo: { seed: 42, label: 'Shaker cabinets we like' } } },
  {
    project: 'kitchen',
    name: 'Internal cost sheet.pdf',
    by: 'dana',
    shared: false,
    source: { pdf: { title: 'Internal: job costing', paragraphs: ['Not for the customer.'] } },
  },
  {
    project: 'garage',
    name: 'Garage door quote.pdf',
    by: 'omar',
    source: { pdf: { title: 'Quote: insulated garage door', paragraphs: ['16 × 7 ft, R-12, installed: $2,150.00'] } },
  },
  {
    project: 'deck',
    name: 'Deck permit.pdf',
    by: 'omar',
    source: { pdf: { title: 'Deck permit', paragraphs: ['Attached deck, 320 sq ft, 30 in above grade.'] } },
  },
  {
    project: 'lakeHouse',
    name: 'Bathroom estimate.pdf',
    by: 'priya',
    source: { pdf: { title: 'Estimate: Lake house bathroom', paragraphs: ['Walk-in shower, double vanity, heated floor.', 'Estimate total: $17,325.40'] } },
  },
];

/** A handful of documents (PDFs, an image, a text file; one uploaded by the customer, one not shared). */
export const seedDocuments: AreaSeeder = async (tx, demo) => {
  for (const [index, item] of DOCUMENTS.entries()) {
    const stamp = demo.at(14 + index);
    const companyId = item.project === 'lakeHouse' ? demo.companies.brightside : demo.companies.acme;
    let body: Buffer;
    if ('pdf' in item.source) body = await demoPdf(item.source.pdf.title, item.source.pdf.paragraphs, stamp);
    else if ('photo' in item.source) body = await demoPhoto(item.source.photo.seed, item.source.photo.label, 1200, 900);
    else body = Buffer.from(item.source.text);
    const owner: FileOwner =
      item.by === 'casey' || item.by === 'nico' ? { companyId, portalUserId: demo.users[item.by] } : { companyId, staffId: demo.staff[item.by] };
    const file = await storeFile(tx as unknown as Db, demo.blobs, { body, name: item.name, owner, policy: POLICY, createdAt: stamp });
    await tx.insert(documents).values({
      company_id: companyId,
      project_id: demo.projects[item.project],
      file_id: file.id,
      name: item.name,
      is_shared: item.shared ?? true,
      created_at: stamp,
      updated_at: stamp,
    });
  }
};
