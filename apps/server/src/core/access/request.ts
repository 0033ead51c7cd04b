import type { Scope } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { CompanyRow } from '../../db/rows';
import { unauthenticated } from '../../lib/http-errors';

/** A staff member signed in to the console, with their company. */
export interface AuthenticatedStaff {
  id: number;
  name: string;
  email: string;
  role: 'owner' | 'staff';
  company: CompanyRow;
  sessionId: number;
}

/** The signed-in portal user a session token stands for. */
export interface AuthenticatedUser {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  sessionId: number;
  /**
   * Set on a staff member's preview of the portal as this user (docs/staff-console.md): every write is refused for it,
   * by the auth plugin, and reads that would tell the company something (an invoice first viewed) stay silent. A
   * customer may be one person to several companies: a preview reads only `companyId`'s projects and company record,
   * whatever else the customer sees (`viewableCompany`).
   */
  preview: { staffId: number; companyId: number } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin on every route that is neither public nor of the integration API. */
    portalUser: AuthenticatedUser | null;
    /** The staff member whose console session called a staff route. */
    staffMember: AuthenticatedStaff | null;
    /** The company whose API key called an integration route. */
    integration: {
      /** The API key that called, or null for a staff member in the console (`staffId`). */
      keyId: number | null;
      staffId: number | null;
      company: CompanyRow;
      scopes: ReadonlySet<Scope>;
    } | null;
  }
  interface FastifyContextConfig {
    /** Declares a route open to anyone. Every other /api route needs a valid bearer token. */
    public?: boolean;
    /**
     * Declares a route of the staff console: a staff member's session, never a portal user's; 'owner' for what only
     * owners may do (staff, keys, webhooks, branding, switches).
     */
    staff?: true | 'owner';
    /**
     * Declares a route of the company integration API: authenticated by a company's API key, never
     * by a portal user's session. Every route under /api/integration/ must say so.
     */
    apiKey?: boolean;
    /**
     * Declares a route of the operator's API (the host of the portal, not a company): authenticated by the operator
     * secret (OPERATOR_SECRET, or DATA_DIR/operator-secret), which the `company` command reads on the same host.
     */
    operator?: boolean;
    /** A write a preview session may make all the same: ending itself. Every other write refuses a preview (403). */
    allowInPreview?: boolean;
    /** The scope an API key needs for this route (`notes:write`); every integration route names one. */
    scope?: Scope;
  }
}

/** The bearer token of the Authorization header: the only place a token is accepted. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer (.*)$/i.exec(header);
  return match ? match[1]!.trim() : null;
}

/** The signed-in portal user of a route that is not public. */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.portalUser) throw unauthenticated();
  return request.portalUser;
}

/** The staff member signed in to the console. */
export function requireStaff(request: FastifyRequest): AuthenticatedStaff {
  if (!request.staffMember) throw unauthenticated();
  return request.staffMember;
}

/**
 * The one company whose records the caller may read through the portal's routes: the previewing company for a staff
 * member's preview, else null (every company that shared something with the user).
 */
export function viewableCompany(user: { preview?: AuthenticatedUser['preview'] }): number | null {
  return user.preview?.companyId ?? null;
}

/** Whether a record of `companyId` that the user was shared may be shown to this caller (a preview: its company's only). */
export function mayView(user: { preview?: AuthenticatedUser['preview'] }, companyId: number): boolean {
  const only = viewableCompany(user);
  return only === null || only === companyId;
}

/** The company whose API key called an integration route. */
export function requireApiCompany(request: FastifyRequest): CompanyRow {
  if (!request.integration) throw unauthenticated();
  return request.integration.company;
}
