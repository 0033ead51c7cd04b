import { formatChangeOrderNumber } from '@portal/contract/change-order-constants';
import type { ChangeOrder } from '@portal/contract';
import { apiDownload } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import { changeOrderPath } from './paths';

/** The signed PDF, made once at approval; it sits behind the sign-in, so it is fetched and handed to the browser as a file. */
export async function downloadSignedPdf({
  entity,
  changeOrder,
}: {
  entity: number;
  changeOrder: Pick<ChangeOrder, 'id' | 'number' | 'version'>;
}): Promise<string> {
  const { blob, filename } = await apiDownload(`${changeOrderPath(entity, changeOrder.id)}/pdf`);
  const name = filename ?? `change-order-${formatChangeOrderNumber(changeOrder.number, changeOrder.version).replace(/\s+/g, '-')}-signed.pdf`;
  saveFile(blob, name);
  return name;
}
