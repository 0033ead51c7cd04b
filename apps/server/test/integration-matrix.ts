import { and, eq, inArray } from 'drizzle-orm';
import type { App } from '../src/app';
import {
  accounts,
  albums,
  contactMessages,
  documents,
  invoices,
  notes,
  photos,
  portalEntities,
  projects,
  projectStatuses,
  siteTypes,
  staff,
} from '../src/db/schema';

/**
 * The isolation matrix: every route of the integration API, called with company A's key (all scopes) on company B's
 * records, must answer 404 (or 422 for an id inside a body) and write nothing; a list must not show B's rows.
 * `integration-isolation.test.ts` fails for a route that has no entry here, so a new route cannot skip the check.
 *
 * To add a route: if B has no record of its kind in the demo seed, create one in `prepareOtherCompany` through the
 * API with B's own key; collect B's ids of that kind in `otherCompanyIds`; then add the entry to `INTEGRATION_MATRIX`
 * under its OpenAPI key (`METHOD /api/integration/path/{param}`).
 */

export interface OtherCompany {
  /** Every id of each kind of record company B owns. */
  ids: Record<string, number[]>;
  /** The first id of a kind, for paths. */
  first(kind: string): number;
}

export type MatrixCase =
  /** A request that names B's record: 404 (path) or 422 (body). */
  | { method: string; url: string; payload?: unknown; headers?: Record<string, string>; expect?: 404 | 422 }
  /** A list: 200, and none of B's ids of `kind` in `data`. */
  | { method: 'GET'; url: string; listOf: string }
  /** Acts on the calling company alone: there is no id of another company to try. */
  | { own: string };

export type MatrixEntry = (other: OtherCompany) => MatrixCase | MatrixCase[];

/** Records company B needs that the demo seed does not give it, made through the API with B's key. */
export async function prepareOtherCompany(_app: App, _otherKey: string): Promise<void> {
  // Each area adds what it needs, e.g. a webhook endpoint or a portal user who is B's customer only.
}

export async function otherCompanyIds(app: App, companyId: number): Promise<Record<string, number[]>> {
  const db = app.database.db;
  const ids = async (rows: Promise<{ id: number }[]>) => (await rows).map((row) => row.id);
  const projectIds = await ids(db.select({ id: projects.id }).from(projects).where(eq(projects.company_id, companyId)));
  const albumIds = await ids(db.select({ id: albums.id }).from(albums).where(inArray(albums.project_id, projectIds)));
  return {
    company: [companyId],
    project: projectIds,
    account: await ids(db.select({ id: accounts.id }).from(accounts).where(eq(accounts.company_id, companyId))),
    staff: await ids(db.select({ id: staff.id }).from(staff).where(eq(staff.company_id, companyId))),
    status: await ids(db.select({ id: projectStatuses.id }).from(projectStatuses).where(eq(projectStatuses.company_id, companyId))),
    siteType: await ids(db.select({ id: siteTypes.id }).from(siteTypes).where(eq(siteTypes.company_id, companyId))),
    note: await ids(db.select({ id: notes.id }).from(notes).where(inArray(notes.project_id, projectIds))),
    album: albumIds,
    photo: await ids(db.select({ id: photos.id }).from(photos).where(inArray(photos.album_id, albumIds))),
    document: await ids(db.select({ id: documents.id }).from(documents).where(inArray(documents.project_id, projectIds))),
    invoice: await ids(db.select({ id: invoices.id }).from(invoices).where(inArray(invoices.project_id, projectIds))),
    contactMessage: await ids(db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.company_id, companyId))),
    sharing: await ids(
      db
        .select({ id: portalEntities.id })
        .from(portalEntities)
        .where(and(eq(portalEntities.company_id, companyId), eq(portalEntities.model_type, 'project'))),
    ),
  };
}

/** Tables a call may touch without writing a record: who called, when, and how often. */
export const BOOKKEEPING_TABLES = ['api_keys', 'idempotency_keys', 'rate_limit_hits', 'sessions'];

export const INTEGRATION_MATRIX: Record<string, MatrixEntry> = {
  'PATCH /api/integration/company': () => ({ own: 'changes the switches of the calling company only' }),
  'POST /api/integration/projects/{id}/notes': (other) => [
    { method: 'POST', url: `/api/integration/projects/${other.first('project')}/notes`, payload: { body: 'Leak?' } },
    {
      method: 'POST',
      url: `/api/integration/projects/${other.first('project')}/notes`,
      payload: { body: 'Leak?', author_staff_id: other.first('staff') },
    },
  ],
};
