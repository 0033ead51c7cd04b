import type { InboxKind } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INBOX_PATH, INBOX_UNREAD_PATH } from '../../../components/inbox-unread';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';

export const markInboxItemRead = ({ kind, id }: { kind: InboxKind; id: number }) => staffRequest<void>(`${INBOX_PATH}/${kind}/${id}/read`, { method: 'POST' });

export const markInboxRead = () => staffRequest<void>(`${INBOX_PATH}/read-all`, { method: 'POST' });

/** After a mark, the list and the menu's badge read again. */
function useInvalidateInbox() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: staffQueryPrefix(INBOX_PATH) }),
      client.invalidateQueries({ queryKey: staffQueryPrefix(INBOX_UNREAD_PATH) }),
    ]);
}

export function useMarkInboxItemRead() {
  const invalidate = useInvalidateInbox();
  return useMutation({ mutationFn: markInboxItemRead, onSuccess: invalidate });
}

export function useMarkInboxRead() {
  const invalidate = useInvalidateInbox();
  return useMutation({ mutationFn: markInboxRead, onSuccess: invalidate });
}
