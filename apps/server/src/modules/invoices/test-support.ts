import { createRequire } from 'node:module';
import path from 'node:path';

/** Test-only helpers for the invoices suites. */

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page of a PDF, as a PDF reader extracts it (pdfjs-dist, Node build), one string per page. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await document.destroy();
  return pages;
}

/** What the first page paints: its fill colours ("#c2410c") and how many images it draws. */
export async function pdfFirstPagePaint(bytes: Uint8Array): Promise<{ fillColors: Set<string>; images: number }> {
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, standardFontDataUrl }).promise;
  const operators = await (await document.getPage(1)).getOperatorList();
  const fillColors = new Set<string>();
  let images = 0;
  operators.fnArray.forEach((fn, index) => {
    if (fn === OPS.setFillRGBColor) {
      const rgb = Array.from(operators.argsArray[index] as ArrayLike<number>).slice(0, 3);
      fillColors.add(`#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`);
    }
    if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) images += 1;
  });
  await document.destroy();
  return { fillColors, images };
}
