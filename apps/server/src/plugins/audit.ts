import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyActor, recordAudit, type AuditActor } from '../core/audit';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `projects` → `project`, `contact-messages` → `contact_message`: the kind of record a path segment holds. */
export function recordKind(segment: string): string {
  const word = segment.replace(/-/g, '_');
  if (word === 'staff') return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ses')) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * The record a write names: the created record when a 201 answers one with an `id`, else the last id in the path
 * (`/api/integration/notes/:id` → note), each named after the path segment before it.
 */
export function targetOf(pattern: string, params: Record<string, unknown>, statusCode: number, body: unknown) {
  const segments = pattern.split('/').filter(Boolean);
  if (statusCode === 201 && body && typeof body === 'object' && typeof (body as { id?: unknown }).id === 'number') {
    const last = [...segments].reverse().find((segment) => !segment.startsWith(':'));
    if (last) return { kind: recordKind(last), id: (body as { id: number }).id };
  }
  for (let index = segments.length - 1; index > 0; index -= 1) {
    const segment = segments[index]!;
    if (!segment.startsWith(':')) continue;
    const id = Number(params[segment.slice(1)]);
    if (Number.isSafeInteger(id) && id > 0) return { kind: recordKind(segment.slice(1) === 'portalUserId' ? 'portal-users' : segments[index - 1]!), id };
  }
  return null;
}

const parsed = (payload: unknown): unknown => {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
};

/**
 * The audit log (docs/decisions/049-audit-log.md): every successful write of a company-side caller (an API key or a
 * staff member on /api/integration/, a staff member on /api/staff/, the operator for a company) leaves one row, from
 * this one hook, so a new route cannot forget it. A refused or failed request writes nothing, and neither does an
 * idempotent replay (it did nothing). Nothing of the body or query is kept: the route's pattern, not its URL.
 *
 * On send rather than on response: the row exists by the time the caller has the answer.
 */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;

    async function companyAndActor(request: FastifyRequest, pattern: string, body: unknown): Promise<{ companyId: number; actor: AuditActor } | null> {
      const { integration, staffMember } = request;
      if (integration) {
        if (integration.keyId !== null) return { companyId: integration.company.id, actor: await apiKeyActor(db, integration.keyId) };
        return {
          companyId: integration.company.id,
          actor: { kind: 'staff', id: integration.staffId, label: staffMember?.name ?? `Staff member ${integration.staffId}` },
        };
      }
      if (staffMember && pattern.startsWith('/api/staff/')) {
        return { companyId: staffMember.company.id, actor: { kind: 'staff', id: staffMember.id, label: staffMember.name } };
      }
      if (request.routeOptions.config.operator) {
        const operator: AuditActor = { kind: 'operator', id: null, label: 'Operator' };
        const params = request.params as Record<string, unknown>;
        if (pattern.includes('/companies/:id')) return { companyId: Number(params.id), actor: operator };
        const company = (body as { company?: { id?: unknown } } | null)?.company;
        if (typeof company?.id === 'number') return { companyId: company.id, actor: operator };
        if (pattern.includes('/api-keys/:id')) {
          const { companyId } = await apiKeyActor(db, Number(params.id));
          if (companyId !== null) return { companyId, actor: operator };
        }
      }
      return null;
    }

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const config = request.routeOptions.config;
      const pattern = request.routeOptions.url;
      if (!WRITES.has(request.method) || reply.statusCode < 200 || reply.statusCode >= 300 || !pattern) return payload;
      if (config.audit === false || reply.getHeader('idempotent-replayed') !== undefined) return payload;
      try {
        const body = reply.statusCode === 201 || config.operator ? parsed(payload) : null;
        const who = await companyAndActor(request, pattern, body);
        if (!who) return payload;
        const schema = request.routeOptions.schema as { operationId?: string; summary?: string } | undefined;
        await recordAudit(db, {
          companyId: who.companyId,
          at: app.now(),
          actor: who.actor,
          action: schema?.operationId ?? `${request.method} ${pattern}`,
          summary: schema?.summary ?? `${request.method} ${pattern}`,
          method: request.method,
          route: pattern,
          target: targetOf(pattern, (request.params ?? {}) as Record<string, unknown>, reply.statusCode, body),
          status: reply.statusCode,
          requestId: request.id,
          ip: request.ip,
        });
      } catch (error) {
        // The write itself has succeeded; a log that could not be kept must not turn it into a failure.
        request.log.error({ err: error, event: 'audit.failed' }, 'could not write the audit log');
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['db', 'clock', 'auth'] },
);
