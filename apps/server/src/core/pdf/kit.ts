import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PORTAL_COLOR, formatUsd, toCents } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { CompanyRow } from '../../db/rows';
import { loadPdfKit, loadSharp } from '../../lib/heavy-packages';

/**
 * What the company's PDFs (invoices, statements, proposals) are made of (pdfkit, the built-in Helvetica: no font files
 * to ship): the letterhead with the company's name, logo and colour, tables across pages, totals, the page footer.
 * Every amount is printed from its exact decimal string through integer cents (formatUsd), never through a float.
 */

export interface PdfBrand {
  name: string;
  color: string | null;
  /** As stored on the company: "/brand/acme.svg". */
  logoUrl: string | null;
  addressLines: string[];
  phone: string | null;
  /** The company's contact address, where customers write about a bill. */
  email: string | null;
}

export interface PdfProject {
  number: string | null;
  name: string | null;
  address_street: string | null;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
export const PAGE = { width: 612, height: 792, margin: 50 };
export const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
export const BOTTOM = PAGE.height - PAGE.margin - 20;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
export const printDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));
export const money = (amount: string) => formatUsd(toCents(amount));

/** White or black, whichever reads better on the brand colour (WCAG contrast; the web app's rule, decision 005). */
function textOn(hex: string): string {
  const channel = (start: number) => {
    const c = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/**
 * pdfkit embeds PNG and JPEG only, and the brand logos are SVG: each is rasterised once with sharp
 * and kept in memory (a few KB per company). Only files of the brand folder are read; a logo that
 * points anywhere else (another host) is left out rather than fetched from the server.
 */
export function logoLoader(brandDir: string) {
  const cache = new Map<string, Promise<Buffer | null>>();
  return (logoUrl: string | null): Promise<Buffer | null> => {
    if (!logoUrl) return Promise.resolve(null);
    const match = /^\/brand\/([A-Za-z0-9][A-Za-z0-9._-]*\.(?:svg|png|jpe?g|webp))$/.exec(logoUrl);
    if (!match) return Promise.resolve(null);
    let logo = cache.get(match[1]!);
    if (!logo) {
      logo = readFile(path.join(brandDir, match[1]!))
        .then(async (source) => (await loadSharp())(source, { density: 288 }).resize({ height: 160, withoutEnlargement: false }).png().toBuffer())
        .catch(() => null);
      cache.set(match[1]!, logo);
    }
    return logo;
  };
}

/** The letterhead of a company's PDFs: its name, colour, logo, address, phone and email. */
export function brandOf(company: CompanyRow): PdfBrand {
  const cityLine = [[company.address_city, company.address_state].filter(Boolean).join(', '), company.address_zip].filter(Boolean).join(' ');
  return {
    name: company.name,
    color: company.color,
    logoUrl: company.logo_url,
    addressLines: [company.address_street ?? '', cityLine].filter(Boolean),
    phone: company.phone_default,
    email: company.contact_email,
  };
}

/** A file name made of safe characters only, whatever an integration put in the invoice number. */
export const pdfFileName = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'document';

/**
 * A PDF that no cache may keep (it shows one customer's account): a download for the portal, `inline` for the console's
 * preview, which the browser opens in a tab of its own.
 */
export const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer, disposition: 'attachment' | 'inline' = 'attachment') =>
  reply.type('application/pdf').header('content-disposition', `${disposition}; filename="${name}.pdf"`).header('cache-control', 'private, no-store').send(pdf);

export type Doc = PDFKit.PDFDocument;

/** `createdAt` fixes the document's date and its file id (pdfkit derives one from the other): the same input, the same bytes. */
export async function newDocument(title: string, createdAt?: Date): Promise<Doc> {
  const PDFDocument = await loadPdfKit();
  return new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: title, Creator: 'Project portal', Producer: 'Project portal', ...(createdAt ? { CreationDate: createdAt } : {}) },
  });
}

export function finish(doc: Doc, footer: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // In the bottom margin: without this, pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#64748b')
      .text(`${footer} · Page ${index + 1} of ${range.count}`, PAGE.margin, PAGE.height - PAGE.margin, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

/** The brand band and letterhead; returns the y below it. */
export function letterhead(doc: Doc, brand: PdfBrand, logo: Buffer | null, title: string, facts: [string, string][]): number {
  const color = brandColor(brand);
  doc.rect(0, 0, PAGE.width, 10).fill(color);
  if (logo) doc.image(logo, PAGE.margin, 34, { fit: [150, 48] });
  const nameTop = logo ? 88 : 40;
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#0f172a').text(brand.name, PAGE.margin, nameTop, { width: 280 });
  doc.font('Helvetica').fontSize(9).fillColor('#334155');
  for (const line of [...brand.addressLines, brand.phone ?? '', brand.email ?? ''].filter(Boolean)) doc.text(line, PAGE.margin, undefined, { width: 280 });
  const leftBottom = doc.y;

  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(color === DEFAULT_PORTAL_COLOR ? '#0f172a' : color)
    .text(title, 330, 36, { width: 232, align: 'right' });
  doc.moveDown(0.3);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor('#475569').text(label, 330, y, { width: 110, align: 'left' });
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#0f172a').text(value, 440, y, { width: 122, align: 'right' });
  }
  return Math.max(leftBottom, doc.y) + 18;
}

export interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table that carries on across pages, its header repeated on each, in the brand colour. */
export function table(doc: Doc, top: number, columns: Column[], rows: string[][], brandColor: string, options: { bold?: Set<number> } = {}): number {
  const color = HEX.test(brandColor) ? brandColor : DEFAULT_PORTAL_COLOR;
  const ink = textOn(color);
  const padding = 5;
  const header = (y: number) => {
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, 20).fill(color);
    let x = PAGE.margin;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(ink);
    for (const column of columns) {
      doc.text(column.label, x + padding, y + 6, { width: column.width - padding * 2, align: column.align ?? 'left', lineBreak: false });
      x += column.width;
    }
    return y + 20;
  };
  let y = header(top);
  rows.forEach((row, index) => {
    doc.font(options.bold?.has(index) ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = Math.max(16, ...row.map((cell, column) => doc.heightOfString(cell, { width: columns[column]!.width - padding * 2 }) + 7));
    if (y + height > BOTTOM) {
      doc.addPage();
      y = header(PAGE.margin);
      doc.font(options.bold?.has(index) ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    }
    if (index % 2 === 1) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill('#f1f5f9');
    doc.fillColor('#0f172a');
    let x = PAGE.margin;
    row.forEach((cell, column) => {
      doc.text(cell, x + padding, y + 4, { width: columns[column]!.width - padding * 2, align: columns[column]!.align ?? 'left' });
      x += columns[column]!.width;
    });
    y += height;
  });
  return y;
}

/** Label/amount pairs on the right, the last one bold (a total). */
export function totals(doc: Doc, top: number, pairs: [string, string][], boldFrom = pairs.length - 1): number {
  let y = top + 8;
  if (y + pairs.length * 16 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  pairs.forEach(([label, value], index) => {
    doc
      .font(index >= boldFrom ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('#0f172a');
    doc.text(label, 330, y, { width: 130, align: 'left' });
    doc.text(value, 460, y, { width: 102, align: 'right' });
    y += 16;
  });
  return y;
}

export function section(doc: Doc, top: number, title: string, body: string): number {
  let y = top + 14;
  if (y + 40 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text(title, PAGE.margin, y, { width: CONTENT_WIDTH });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#334155')
    .text(body, PAGE.margin, doc.y + 3, { width: CONTENT_WIDTH });
  return doc.y;
}

export function heading(doc: Doc, top: number, title: string): number {
  let y = top + 14;
  if (y + 60 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text(title, PAGE.margin, y, { width: CONTENT_WIDTH });
  return doc.y + 4;
}

export const projectLine = (project: PdfProject) => [project.number, project.name || project.address_street].filter(Boolean).join(' · ') || 'Project';

export const brandColor = (brand: PdfBrand) => (brand.color && HEX.test(brand.color) ? brand.color : DEFAULT_PORTAL_COLOR);

export interface PdfInput {
  brand: PdfBrand;
  logo: Buffer | null;
  project: PdfProject;
}

/** A new document with its letterhead and the project it is about; returns where the body starts. */
export async function firstPage(
  input: PdfInput,
  page: { documentTitle: string; title: string; facts: [string, string][]; projectCaption: string; createdAt?: Date },
) {
  const doc = await newDocument(page.documentTitle, page.createdAt);
  const y = letterhead(doc, input.brand, input.logo, page.title, page.facts);
  doc.font('Helvetica').fontSize(9).fillColor('#475569').text(page.projectCaption, PAGE.margin, y);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#0f172a')
    .text(projectLine(input.project), PAGE.margin, doc.y + 1, { width: CONTENT_WIDTH });
  return { doc, color: brandColor(input.brand), y: doc.y + 12 };
}
