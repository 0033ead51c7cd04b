import type { InboxPage } from '@portal/contract';
import { INBOX_POLL_INTERVAL_MS } from '@portal/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { INBOX_PATH } from '../../../components/inbox-unread';
import { staffQueryOptions } from '../../../lib/staff-api';

export interface InboxQuery {
  page: number;
  size: number;
  unreadOnly: boolean;
}

/** One page of the inbox, polled so that what customers do shows without a reload (docs/decisions/050-inbox.md). */
export const inboxQueryOptions = ({ page, size, unreadOnly }: InboxQuery) =>
  queryOptions({
    ...staffQueryOptions<InboxPage>(INBOX_PATH, { page: { number: page, size }, ...(unreadOnly ? { filter: { read: 'false' } } : {}) }),
    refetchInterval: INBOX_POLL_INTERVAL_MS,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });

export const useInbox = (query: InboxQuery) => useQuery(inboxQueryOptions(query));
