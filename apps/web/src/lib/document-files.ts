import type { Document } from '@portal/contract';

/** What the server accepts as a document (it checks the bytes; this only steers the file picker). */
export const DOCUMENT_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.gif,.doc,.docx,.xls,.xlsx,.txt,application/pdf,image/jpeg,image/png,image/webp,image/gif,text/plain';

/** A document's type in words, in the portal's and the console's lists. */
export const DOCUMENT_TYPE_LABELS: Record<Document['type'], string> = {
  pdf: 'PDF',
  jpeg: 'JPEG image',
  png: 'PNG image',
  webp: 'WebP image',
  gif: 'GIF image',
  docx: 'Word',
  doc: 'Word',
  xlsx: 'Excel',
  xls: 'Excel',
  text: 'Text',
};
