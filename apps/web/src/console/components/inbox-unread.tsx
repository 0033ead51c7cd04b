import type { InboxUnread } from '@portal/contract';
import { INBOX_POLL_INTERVAL_MS } from '@portal/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffQueryOptions } from '../lib/staff-api';

export const INBOX_PATH = '/staff/inbox';
export const INBOX_UNREAD_PATH = '/staff/inbox/unread';

/** How many inbox items the signed-in member has not read, polled as the notes thread is (docs/decisions/050-inbox.md). */
export const inboxUnreadQueryOptions = () =>
  queryOptions({ ...staffQueryOptions<InboxUnread>(INBOX_UNREAD_PATH), refetchInterval: INBOX_POLL_INTERVAL_MS, refetchOnWindowFocus: true });

/** The inbox's menu badge: the unread count, read out as "3 unread"; nothing when all is read. */
export function InboxUnreadBadge() {
  const { data } = useQuery(inboxUnreadQueryOptions());
  if (!data || data.unread === 0) return null;
  return (
    <span className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-portal px-1.5 text-xs font-semibold text-on-portal">
      {data.unread > 99 ? '99+' : data.unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
