import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import { invoicePath } from './paths';

/**
 * The invoice's PDF as the customer gets it (a draft titled as a draft). It sits behind the console's token, which a
 * link cannot carry, so it is fetched and handed to the browser: in a tab of its own for a preview (opened before the
 * fetch, so no pop-up blocker stops it), or as a file.
 */
export async function openInvoicePdf({ invoiceId, number, mode }: { invoiceId: number; number: string; mode: 'preview' | 'download' }) {
  const tab = mode === 'preview' ? window.open('', '_blank') : null;
  try {
    const { blob, filename } = await apiDownload(`${invoicePath(invoiceId)}/pdf`, { staff: true });
    const name = filename ?? `invoice-${number}.pdf`;
    if (!tab) {
      saveFile(blob, name);
      return;
    }
    const url = URL.createObjectURL(blob);
    tab.location.href = url;
    // The tab has loaded it by then; a minute is generous.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export const useInvoicePdf = () => useMutation({ mutationFn: openInvoicePdf });
