import { ALL_SCOPES, API_KEY_PREFIX, INT4_MAX, type ApiKey, type Scope } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys, companies } from '../../db/schema';
import { newSecret, sameDigest, sha256 } from '../../lib/tokens';
import { apiTimestamp } from '../../lib/timestamps';

import type { CompanyRow } from '../../db/rows';

/** A minute is fine-grained enough for "last used", and spares a write per call. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * `ppk_<id>_<secret>` → its parts, or null. The shape differs from a session token (`<id>.<secret>`)
 * on purpose: neither parser accepts the other's tokens, so a portal session can never call the
 * integration API and an API key can never act as a portal user.
 */
export function parseApiKey(key: string): { id: number; secret: string } | null {
  const match = new RegExp(`^${API_KEY_PREFIX}([1-9]\\d{0,9})_([A-Za-z0-9_-]{43})$`).exec(key);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= INT4_MAX ? { id, secret: match[2]! } : null;
}

export function apiKeysRepository(db: Executor) {
  return {
    /** A new key for a company. The key itself is shown once, here; only its hash is kept. */
    async create(
      companyId: number,
      name: string,
      { now = new Date(), scopes = ALL_SCOPES, expiresAt = null }: { now?: Date; scopes?: readonly Scope[]; expiresAt?: Date | null } = {},
    ): Promise<{ id: number; key: string }> {
      const secret = newSecret();
      const [row] = await db
        .insert(apiKeys)
        .values({
          company_id: companyId,
          name,
          secret_hash: sha256(secret),
          scopes: [...new Set(scopes)],
          expires_at: expiresAt,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: apiKeys.id });
      return { id: row!.id, key: `${API_KEY_PREFIX}${row!.id}_${secret}` };
    },

    /** The company a key belongs to and what it may do, or null when the key is malformed, unknown, revoked or expired. */
    async authenticate(key: string, now: Date): Promise<{ keyId: number; company: CompanyRow; scopes: ReadonlySet<Scope> } | null> {
      const parsed = parseApiKey(key);
      if (!parsed) return null;
      const [row] = await db
        .select({ key: apiKeys, company: companies })
        .from(apiKeys)
        .innerJoin(companies, eq(companies.id, apiKeys.company_id))
        .where(eq(apiKeys.id, parsed.id))
        .limit(1);
      if (!row || row.key.revoked_at || !sameDigest(row.key.secret_hash, sha256(parsed.secret))) return null;
      if (row.key.expires_at && row.key.expires_at.getTime() <= now.getTime()) return null;
      if (!row.key.last_used_at || now.getTime() - row.key.last_used_at.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(apiKeys).set({ last_used_at: now }).where(eq(apiKeys.id, row.key.id));
      }
      return { keyId: row.key.id, company: row.company, scopes: new Set(row.key.scopes) };
    },

    async revoke(id: number, now = new Date()): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revoked_at: now, updated_at: now })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revoked_at)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    async list(companyId?: number) {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(companyId === undefined ? undefined : eq(apiKeys.company_id, companyId))
        .orderBy(apiKeys.id);
      return rows.map(({ secret_hash: _hash, ...row }) => row);
    },
  };
}

type ListedKey = Awaited<ReturnType<ReturnType<typeof apiKeysRepository>['list']>>[number];

/** A key as the operator and the company list it: never its secret. */
export function serializeApiKey(row: ListedKey): ApiKey {
  const time = (date: Date | null) => (date ? apiTimestamp(date) : null);
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    scopes: row.scopes,
    last_used_at: time(row.last_used_at),
    expires_at: time(row.expires_at),
    revoked_at: time(row.revoked_at),
    created_at: apiTimestamp(row.created_at),
  };
}
