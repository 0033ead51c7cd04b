import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import { invoicePath } from './get-invoice';
import { statementPath } from './get-statement';

export type PdfTarget = { kind: 'invoice'; entity: number; invoice: number; number: string } | { kind: 'statement'; entity: number };

const pathOf = (target: PdfTarget) => (target.kind === 'invoice' ? `${invoicePath(target.entity, target.invoice)}/pdf` : `${statementPath(target.entity)}/pdf`);
const fallbackName = (target: PdfTarget) => (target.kind === 'invoice' ? `invoice-${target.number}.pdf` : 'statement.pdf');

/**
 * Downloads a PDF the server renders. It sits behind the bearer token like every API call, so it is
 * fetched here and handed to the browser as a file (docs/decisions: invoice PDFs); the caller toasts.
 */
export async function downloadPdf(target: PdfTarget): Promise<string> {
  const { blob, filename } = await apiDownload(pathOf(target));
  const name = filename ?? fallbackName(target);
  saveFile(blob, name);
  return name;
}

export function useDownloadPdf() {
  return useMutation({ mutationFn: downloadPdf });
}
