import type { AuditActorKind, AuditEntry } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions } from '../../../lib/staff-api';

export interface AuditQuery {
  page: number;
  size: number;
  actor?: { kind: AuditActorKind; id: number | null };
}

/** One page of the company's audit log, newest first, for one actor or everyone. */
export const auditLogQueryOptions = ({ page, size, actor }: AuditQuery) =>
  queryOptions({
    ...staffPageQueryOptions<AuditEntry>('/integration/audit-log', {
      page: { number: page, size },
      ...(actor ? { filter: { actor_kind: actor.kind, ...(actor.id === null ? {} : { actor_id: actor.id }) } } : {}),
    }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (query: AuditQuery) => useQuery(auditLogQueryOptions(query));
