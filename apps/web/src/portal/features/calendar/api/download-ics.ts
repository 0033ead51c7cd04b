import type { ScheduleItem } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import { SCHEDULE_PATH } from './get-schedule';

/** A file name from the visit's title, for when the server names none. */
const fallbackName = (item: ScheduleItem) =>
  `${
    item.title
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'visit'
  }.ics`;

/**
 * The visit as an `.ics` file, which calendar apps import. It sits behind the sign-in like every portal call, so it is
 * fetched here and handed to the browser as a download.
 */
export async function downloadIcs({ entity, item }: { entity: number; item: ScheduleItem }): Promise<string> {
  const { blob, filename } = await apiDownload(`${SCHEDULE_PATH}/${item.id}/ics?entity=${entity}`);
  const name = filename ?? fallbackName(item);
  saveFile(blob, name);
  return name;
}

export function useDownloadIcs() {
  return useMutation({ mutationFn: downloadIcs });
}
