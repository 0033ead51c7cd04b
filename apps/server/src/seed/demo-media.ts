import { buffer as readAll } from 'node:stream/consumers';
import { loadPdfKit, loadSharp } from '../lib/heavy-packages';

/**
 * The demo's photos and PDFs, drawn here rather than shipped: a scene from SVG shapes rendered
 * by sharp, and PDFs from pdfkit. Everything follows from the arguments (no randomness, fixed PDF
 * dates), so every seed writes the same bytes; the results are kept per process, since several
 * test files seed the demo many times.
 */

/** A small deterministic generator (LCG), so "random" shapes are the same every run. */
function sequence(seed: number) {
  let state = (seed * 2654435761) % 4294967296;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const PALETTES = [
  { sky: ['#7dd3fc', '#e0f2fe'], ground: '#a16207', accent: '#c2410c', wall: '#fef3c7' },
  { sky: ['#fda4af', '#fef9c3'], ground: '#4d7c0f', accent: '#1d4ed8', wall: '#f5f5f4' },
  { sky: ['#a5b4fc', '#f5f3ff'], ground: '#57534e', accent: '#b45309', wall: '#ecfccb' },
  { sky: ['#5eead4', '#f0fdfa'], ground: '#78350f', accent: '#be123c', wall: '#e0e7ff' },
];

function sceneSvg(seed: number, width: number, height: number): string {
  const next = sequence(seed + 1);
  const palette = PALETTES[seed % PALETTES.length]!;
  const horizon = Math.round(height * (0.55 + next() * 0.15));
  const houseWidth = Math.round(width * (0.3 + next() * 0.2));
  const houseX = Math.round(next() * (width - houseWidth));
  const houseTop = Math.round(horizon - houseWidth * 0.55);
  const sunX = Math.round(width * (0.1 + next() * 0.8));
  const planks = Array.from({ length: 6 }, (_, index) => {
    const y = horizon + ((height - horizon) / 6) * index;
    return `<rect x="0" y="${y.toFixed(0)}" width="${width}" height="3" fill="#000" opacity="0.08"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${Math.round(height * 0.18)}" r="${Math.round(height * 0.08)}" fill="#fde047" opacity="0.9"/>
  <rect x="0" y="${horizon}" width="${width}" height="${height - horizon}" fill="${palette.ground}"/>
  ${planks}
  <rect x="${houseX}" y="${houseTop}" width="${houseWidth}" height="${horizon - houseTop}" fill="${palette.wall}"/>
  <polygon points="${houseX - 20},${houseTop} ${houseX + houseWidth / 2},${houseTop - houseWidth * 0.35} ${houseX + houseWidth + 20},${houseTop}" fill="${palette.accent}"/>
  <rect x="${houseX + houseWidth * 0.4}" y="${horizon - houseWidth * 0.3}" width="${houseWidth * 0.2}" height="${houseWidth * 0.3}" fill="${palette.accent}" opacity="0.8"/>
</svg>`;
}

const photoCache = new Map<string, Promise<Buffer>>();

/**
 * A JPEG "site photo" (a house, sky, ground and sun), the same bytes for the same arguments. Its
 * label is shown beside it, never drawn into it: a crop (a cover, a thumbnail) would cut it off.
 */
export function demoPhoto(seed: number, label: string, width = 1200, height = 900): Promise<Buffer> {
  const key = `${seed}|${label}|${width}|${height}`;
  let photo = photoCache.get(key);
  if (!photo) {
    photo = loadSharp().then((sharp) =>
      sharp(Buffer.from(sceneSvg(seed, width, height)))
        .jpeg({ quality: 82, mozjpeg: false })
        .toBuffer(),
    );
    photoCache.set(key, photo);
  }
  return photo;
}

const pdfCache = new Map<string, Promise<Buffer>>();

/** A one- or two-page PDF with a title and paragraphs, dated by the seed's clock. */
export function demoPdf(title: string, paragraphs: string[], date: Date): Promise<Buffer> {
  const key = `${title}|${paragraphs.join('|')}|${date.toISOString()}`;
  let pdf = pdfCache.get(key);
  if (!pdf) {
    pdf = loadPdfKit().then((PDFDocument) => {
      const doc = new PDFDocument({ size: 'LETTER', margin: 64, info: { Title: title, CreationDate: date, ModDate: date, Producer: 'Project portal demo' } });
      const done = readAll(doc);
      doc.fontSize(22).text(title);
      doc.moveDown().fontSize(10).fillColor('#555').text(date.toISOString().slice(0, 10));
      doc.moveDown().fillColor('#000').fontSize(12);
      for (const paragraph of paragraphs) doc.text(paragraph).moveDown();
      doc.end();
      return done;
    });
    pdfCache.set(key, pdf);
  }
  return pdf;
}
