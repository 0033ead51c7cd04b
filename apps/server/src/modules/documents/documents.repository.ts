import { and, asc, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companyCustomers, documents, files, portalUsers, staff } from '../../db/schema';
import { companyRecordOf } from '../../core/customer-names';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import type { DocumentSort } from '@portal/contract';

import type { DocumentRow, FileRow, NewDocumentRow } from '../../db/rows';

import type { ProjectScope } from '../../core/access/projects';

export interface DocumentWithFile {
  document: DocumentRow;
  file: FileRow;
  staff_name: string | null;
  customer: { first_name: string | null; last_name: string | null } | null;
  /** The company's own names for a customer uploader: what the company side shows (docs/decisions/110). */
  known: { first_name: string | null; last_name: string | null } | null;
}

const SORT_COLUMNS = {
  name: sql`lower(${documents.name})`,
  created_at: documents.created_at,
  size: files.size,
  type: files.kind,
} as const;

/** `%`, `_` and `\` in a search are meant literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function documentsRepository(db: Executor) {
  const visible = (scope: ProjectScope): SQL =>
    and(eq(documents.project_id, scope.projectId), eq(documents.company_id, scope.companyId), eq(documents.is_shared, true))!;

  const select = () =>
    db
      .select({
        document: documents,
        file: files,
        staff_name: staff.name,
        customer: { first_name: portalUsers.first_name, last_name: portalUsers.last_name },
        known: { first_name: companyCustomers.first_name, last_name: companyCustomers.last_name },
      })
      .from(documents)
      .innerJoin(files, and(eq(files.id, documents.file_id), eq(files.company_id, documents.company_id)))
      .leftJoin(staff, eq(staff.id, files.uploaded_by_staff_id))
      .leftJoin(portalUsers, eq(portalUsers.id, files.uploaded_by_portal_user_id))
      .leftJoin(companyCustomers, companyRecordOf(documents.company_id, files.uploaded_by_portal_user_id));

  const toRow = (row: Omit<DocumentWithFile, 'customer'> & { customer: DocumentWithFile['customer'] }): DocumentWithFile => ({
    ...row,
    customer: row.file.uploaded_by_portal_user_id === null ? null : row.customer,
  });

  return {
    async list(scope: ProjectScope, options: { search?: string[]; sort: SortTerm<DocumentSort>[]; page: PageRequest }) {
      const conditions = [visible(scope)];
      if (options.search?.length) conditions.push(or(...options.search.map((term) => ilike(documents.name, likePattern(term))))!);
      const where = and(...conditions);
      const order = options.sort.map((term) => (term.direction === 'desc' ? desc : asc)(SORT_COLUMNS[term.field]));
      order.push(desc(documents.id));
      const rows = await select()
        .where(where)
        .orderBy(...order)
        .limit(options.page.size)
        .offset(pageOffset(options.page));
      const [counted] = await db.select({ total: count() }).from(documents).where(where);
      return { rows: rows.map(toRow), total: counted?.total ?? 0 };
    },

    async find(scope: ProjectScope, id: number): Promise<DocumentWithFile | null> {
      const [row] = await select()
        .where(and(visible(scope), eq(documents.id, id)))
        .limit(1);
      return row ? toRow(row) : null;
    },

    /** The company side: every document of the project, shared or not, customers' uploads included, newest first. */
    async companyList(companyId: number, projectId: number, options: { updatedSince?: Date; page: PageRequest }) {
      const where = and(
        eq(documents.company_id, companyId),
        eq(documents.project_id, projectId),
        options.updatedSince ? gte(documents.updated_at, options.updatedSince) : undefined,
      );
      const rows = await select()
        .where(where)
        .orderBy(desc(documents.created_at), desc(documents.id))
        .limit(options.page.size)
        .offset(pageOffset(options.page));
      const [counted] = await db.select({ total: count() }).from(documents).where(where);
      return { rows: rows.map(toRow), total: counted?.total ?? 0 };
    },

    async companyFind(companyId: number, id: number): Promise<DocumentWithFile | null> {
      const [row] = await select()
        .where(and(eq(documents.company_id, companyId), eq(documents.id, id)))
        .limit(1);
      return row ? toRow(row) : null;
    },

    async setShared(id: number, shared: boolean, now: Date) {
      await db.update(documents).set({ is_shared: shared, updated_at: now }).where(eq(documents.id, id));
    },

    /** Documents for stored files, in one statement: all or none. */
    async insertMany(values: NewDocumentRow[]): Promise<DocumentRow[]> {
      return db.insert(documents).values(values).returning();
    },

    /** One document; `afterWrite` runs in its transaction (the webhook outbox: the event exists if the document does). */
    async insert(values: NewDocumentRow, afterWrite?: (tx: Executor, row: DocumentRow) => Promise<unknown>): Promise<DocumentRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(documents).values(values).returning();
        await afterWrite?.(tx, row!);
        return row!;
      });
    },
  };
}
export type DocumentsRepository = ReturnType<typeof documentsRepository>;
