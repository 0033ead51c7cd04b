import type { AuditActorKind, AuditEntry } from '@portal/contract';
import { and, count, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { apiKeys, auditLog } from '../db/schema';
import type { PageRequest } from '../lib/list-query';
import { pageOffset } from '../lib/pagination';
import { apiTimestamp } from '../lib/timestamps';

/**
 * The audit log's one way in and out (docs/decisions/049-audit-log.md). Every successful write a company-side caller
 * makes is recorded by the audit plugin's hook; code that does something for a company outside a single request (a
 * job, a command) calls `recordAudit` with the actor it acts for.
 */

export interface AuditActor {
  kind: AuditActorKind;
  id: number | null;
  /** Kept as it is now, so the log reads the same after the key or member is renamed or removed. */
  label: string;
}

export interface AuditEvent {
  companyId: number;
  at: Date;
  actor: AuditActor;
  action: string;
  summary: string;
  method?: string | null;
  route?: string | null;
  target?: { kind: string; id: number } | null;
  status?: number | null;
  requestId?: string | null;
  ip?: string | null;
}

export async function recordAudit(db: Executor, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    company_id: event.companyId,
    at: event.at,
    actor_kind: event.actor.kind,
    actor_id: event.actor.id,
    actor_label: event.actor.label,
    action: event.action,
    summary: event.summary,
    method: event.method ?? null,
    route: event.route ?? null,
    target_kind: event.target?.kind ?? null,
    target_id: event.target?.id ?? null,
    status: event.status ?? null,
    request_id: event.requestId ?? null,
    ip: event.ip ?? null,
  });
}

/** An API key as the log names it: its name and the public part of the key (`ppk_<id>`), never the secret. */
export async function apiKeyActor(db: Executor, keyId: number): Promise<AuditActor & { companyId: number | null }> {
  const [key] = await db.select({ name: apiKeys.name, companyId: apiKeys.company_id }).from(apiKeys).where(eq(apiKeys.id, keyId));
  return { kind: 'api_key', id: keyId, label: `${key?.name ?? 'API key'} (ppk_${keyId})`, companyId: key?.companyId ?? null };
}

export interface AuditFilters {
  actor_kind?: string[];
  actor_id?: number[];
  action?: string[];
  updated_since?: [Date];
}

type Row = typeof auditLog.$inferSelect;

export function serializeAuditEntry(row: Row): AuditEntry {
  return {
    id: row.id,
    at: apiTimestamp(row.at),
    actor: { kind: row.actor_kind, id: row.actor_id, label: row.actor_label },
    action: row.action,
    summary: row.summary,
    method: row.method,
    route: row.route,
    target: row.target_kind !== null && row.target_id !== null ? { kind: row.target_kind, id: row.target_id } : null,
    status: row.status,
    request_id: row.request_id,
    ip: row.ip,
  };
}

export function auditRepository(db: Executor) {
  const where = (companyId: number, filters: AuditFilters) => {
    const conditions: (SQL | undefined)[] = [eq(auditLog.company_id, companyId)];
    if (filters.actor_kind) conditions.push(inArray(auditLog.actor_kind, filters.actor_kind as AuditActorKind[]));
    if (filters.actor_id) conditions.push(inArray(auditLog.actor_id, filters.actor_id));
    if (filters.action) conditions.push(inArray(auditLog.action, filters.action));
    if (filters.updated_since) conditions.push(gte(auditLog.at, filters.updated_since[0]));
    return and(...conditions);
  };

  return {
    /** Newest first (or oldest first on `ascending`), a page at a time. */
    async list(companyId: number, options: { filters: AuditFilters; page: PageRequest; ascending?: boolean }) {
      const condition = where(companyId, options.filters);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(condition)
          .orderBy(options.ascending ? auditLog.id : desc(auditLog.id))
          .limit(options.page.size)
          .offset(pageOffset(options.page)),
        db.select({ total: count() }).from(auditLog).where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** Everyone who appears in the company's log, with the label of their latest entry: what the console filters by. */
    async actors(companyId: number): Promise<AuditActor[]> {
      return db
        .selectDistinctOn([auditLog.actor_kind, auditLog.actor_id], { kind: auditLog.actor_kind, id: auditLog.actor_id, label: auditLog.actor_label })
        .from(auditLog)
        .where(eq(auditLog.company_id, companyId))
        .orderBy(auditLog.actor_kind, auditLog.actor_id, desc(auditLog.id));
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` keeps a write out of the audit log. Only for what changes nothing of the company's records, such as a
     * member marking their own inbox read (docs/decisions/049-audit-log.md); every other write is recorded.
     */
    audit?: false;
  }
}
