import type { IntegrationChangeOrder } from '@portal/contract';
import { formatChangeOrderNumber } from '@portal/contract/change-order-constants';
import { apiDownload } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import { changeOrderPath } from './paths';

/** The signed PDF as stored at approval, byte for byte; behind the console's token, so fetched and handed over as a file. */
export async function downloadSignedPdf(changeOrder: Pick<IntegrationChangeOrder, 'id' | 'number' | 'version'>): Promise<string> {
  const { blob, filename } = await apiDownload(`${changeOrderPath(changeOrder.id)}/pdf`, { staff: true });
  const name = filename ?? `change-order-${formatChangeOrderNumber(changeOrder.number, changeOrder.version).replace(/\s+/g, '-')}-signed.pdf`;
  saveFile(blob, name);
  return name;
}
