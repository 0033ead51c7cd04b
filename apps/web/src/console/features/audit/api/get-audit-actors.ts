import type { AuditActorList } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffQueryOptions } from '../../../lib/staff-api';

/** Everyone who appears in the log: the choices of the actor filter. */
export const auditActorsQueryOptions = () => staffQueryOptions<AuditActorList>('/integration/audit-log/actors');

export const useAuditActors = () => useQuery(auditActorsQueryOptions());
