import type { IntegrationScheduleItem, IntegrationScheduleItemCreate, IntegrationScheduleItemUpdate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { projectSchedulePath } from './get-schedule-items';

const itemPath = (itemId: number) => `/integration/schedule-items/${itemId}`;

export const createScheduleItem = (projectId: number, body: IntegrationScheduleItemCreate) =>
  staffRequest<IntegrationScheduleItem>(projectSchedulePath(projectId), { method: 'POST', body });

/** A move is a change of the times: the customers' calendars follow (the item's SEQUENCE rises) and they are emailed. */
export const updateScheduleItem = (itemId: number, body: IntegrationScheduleItemUpdate) =>
  staffRequest<IntegrationScheduleItem>(itemPath(itemId), { method: 'PATCH', body });

/** Kept, marked cancelled: it stays in the customers' calendars, struck through. */
export const cancelScheduleItem = (itemId: number) => staffRequest<IntegrationScheduleItem>(`${itemPath(itemId)}/cancel`, { method: 'POST' });

export const deleteScheduleItem = (itemId: number) => staffRequest<undefined>(itemPath(itemId), { method: 'DELETE' });

/** A write to one project's schedule: both halves of the list are read again after it. */
function useScheduleWrite<A, R>(projectId: number, write: (argument: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: staffQueryPrefix(projectSchedulePath(projectId)) }) });
}

export const useCreateScheduleItem = (projectId: number) =>
  useScheduleWrite(projectId, (body: IntegrationScheduleItemCreate) => createScheduleItem(projectId, body));
export const useUpdateScheduleItem = (projectId: number) =>
  useScheduleWrite(projectId, ({ itemId, body }: { itemId: number; body: IntegrationScheduleItemUpdate }) => updateScheduleItem(itemId, body));
export const useCancelScheduleItem = (projectId: number) => useScheduleWrite(projectId, cancelScheduleItem);
export const useDeleteScheduleItem = (projectId: number) => useScheduleWrite(projectId, deleteScheduleItem);
