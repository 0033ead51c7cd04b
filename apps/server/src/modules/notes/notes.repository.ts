import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companyCustomers, files, noteAttachments, noteReads, notes, noteThreads, portalUsers, projects, staff } from '../../db/schema';
import { companyRecordOf } from '../../core/customer-names';
import type { PageRequest } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';

import type { FileRow, NoteRow } from '../../db/rows';
import { isUniqueViolation } from '../../db/errors';

/** A note as every reader needs it: its author's name (and picture) read in the same query. */
export interface NoteWithAuthor {
  note: NoteRow;
  staff: { id: number; name: string; title: string | null; avatar_url: string | null } | null;
  portalUser: { id: number; first_name: string | null; last_name: string | null; email: string } | null;
  /** The project's company's own names for a customer author: what the company side shows (docs/decisions/110). */
  customer: { first_name: string | null; last_name: string | null } | null;
  attachments: FileRow[];
}

export interface NewNote {
  projectId: number;
  body: string;
  authorStaffId?: number | null;
  authorPortalUserId?: number | null;
  sharedWithPortal: boolean;
  clientId?: string | null;
  /** Files (already stored) to attach, in order. */
  fileIds?: number[];
  /** The seed's fixed clock; otherwise the database's. */
  createdAt?: Date;
  /** Runs in the note's own transaction once it is written: the webhook outbox, which must hold it if and only if the note exists. */
  afterWrite?: (tx: Executor, noteId: number) => Promise<unknown>;
}

export interface ThreadWindow {
  /** Only notes with a smaller id: pins the pages of a thread that keeps growing. */
  before?: number | undefined;
  /** Only notes with a larger id: what is new since the newest note a client holds. */
  since?: number | undefined;
}

const authorColumns = {
  note: notes,
  staff: { id: staff.id, name: staff.name, title: staff.title, avatar_url: staff.avatar_url },
  portalUser: { id: portalUsers.id, first_name: portalUsers.first_name, last_name: portalUsers.last_name, email: portalUsers.email },
  customer: { first_name: companyCustomers.first_name, last_name: companyCustomers.last_name },
};

/** Thrown inside the create transaction when a client_id is reused for another project. */
export class ClientIdTaken extends Error {}

/** A retry of a note already written: the transaction rolls back and the note is answered again. */
class Replayed extends Error {
  constructor(readonly noteId: number) {
    super('replayed');
  }
}

export function notesRepository(db: Executor) {
  async function withAuthors(executor: Executor, where: SQL | undefined, order: 'desc' | 'asc', limit?: number, offset?: number) {
    let query = executor
      .select(authorColumns)
      .from(notes)
      .leftJoin(staff, eq(staff.id, notes.author_staff_id))
      .leftJoin(portalUsers, eq(portalUsers.id, notes.author_portal_user_id))
      .leftJoin(
        companyCustomers,
        companyRecordOf(sql`(select ${projects.company_id} from ${projects} where ${projects.id} = ${notes.project_id})`, notes.author_portal_user_id),
      )
      .where(where)
      .orderBy(order === 'desc' ? desc(notes.id) : asc(notes.id))
      .$dynamic();
    if (limit !== undefined) query = query.limit(limit);
    if (offset) query = query.offset(offset);
    const rows = await query;
    return attach(executor, rows);
  }

  async function attach(executor: Executor, rows: Omit<NoteWithAuthor, 'attachments'>[]): Promise<NoteWithAuthor[]> {
    if (rows.length === 0) return [];
    const attached = await executor
      .select({ noteId: noteAttachments.note_id, file: files })
      .from(noteAttachments)
      .innerJoin(files, eq(files.id, noteAttachments.file_id))
      .where(
        inArray(
          noteAttachments.note_id,
          rows.map((row) => row.note.id),
        ),
      )
      .orderBy(asc(noteAttachments.note_id), asc(noteAttachments.position));
    const byNote = new Map<number, FileRow[]>();
    for (const { noteId, file } of attached) {
      const list = byNote.get(noteId) ?? [];
      list.push(file);
      byNote.set(noteId, list);
    }
    return rows.map((row) => ({ ...row, attachments: byNote.get(row.note.id) ?? [] }));
  }

  const shared = (projectId: number) => and(eq(notes.project_id, projectId), eq(notes.shared_with_portal, true));

  function windowed(projectId: number, window: ThreadWindow) {
    const terms: (SQL | undefined)[] = [shared(projectId)];
    if (window.before !== undefined) terms.push(lt(notes.id, window.before));
    if (window.since !== undefined) terms.push(gt(notes.id, window.since));
    return and(...terms);
  }

  async function countShared(projectId: number, where: SQL | undefined) {
    const [row] = await db
      .select({ total: count() })
      .from(notes)
      .where(and(shared(projectId), where));
    return Number(row?.total ?? 0);
  }

  /**
   * How many shared notes a window holds. The whole thread's count is kept on its note_threads row,
   * so the newest pages of a long thread never count it: with `before`, only the notes newer than
   * the anchor are counted and taken off (few: those posted since the reader opened the thread).
   */
  async function totalOf(projectId: number, window: ThreadWindow): Promise<number> {
    if (window.since !== undefined) {
      return countShared(projectId, and(gt(notes.id, window.since), window.before !== undefined ? lt(notes.id, window.before) : undefined));
    }
    const [thread] = await db.select({ shared: noteThreads.shared_count }).from(noteThreads).where(eq(noteThreads.project_id, projectId));
    const all = thread?.shared ?? 0;
    if (window.before === undefined || all === 0) return all;
    return all - (await countShared(projectId, gte(notes.id, window.before)));
  }

  return {
    /** A page of the shared notes of a project, newest first. Internal notes are never read. */
    async listShared(projectId: number, window: ThreadWindow, page: PageRequest): Promise<{ rows: NoteWithAuthor[]; total: number }> {
      const [rows, total] = await Promise.all([withAuthors(db, windowed(projectId, window), 'desc', page.size, pageOffset(page)), totalOf(projectId, window)]);
      return { rows, total };
    },

    /** One shared note of the project, or null (also for an internal note). */
    async findShared(projectId: number, noteId: number): Promise<NoteWithAuthor | null> {
      const [row] = await withAuthors(db, and(shared(projectId), eq(notes.id, noteId)), 'desc', 1);
      return row ?? null;
    },

    /** The whole thread of a project, internal notes too, newest first: for the company side only. */
    async listAll(
      projectId: number,
      options: { updatedSince?: Date; sharedWithPortal?: boolean; page: PageRequest },
    ): Promise<{ rows: NoteWithAuthor[]; total: number }> {
      const where = and(
        eq(notes.project_id, projectId),
        options.updatedSince ? gte(notes.updated_at, options.updatedSince) : undefined,
        options.sharedWithPortal === undefined ? undefined : eq(notes.shared_with_portal, options.sharedWithPortal),
      );
      const [rows, [counted]] = await Promise.all([
        withAuthors(db, where, 'desc', options.page.size, pageOffset(options.page)),
        db.select({ total: count() }).from(notes).where(where),
      ]);
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /** A note of the company's projects, internal ones too. */
    async findOfCompany(companyId: number, noteId: number): Promise<NoteWithAuthor | null> {
      const [row] = await withAuthors(
        db,
        and(eq(notes.id, noteId), inArray(notes.project_id, db.select({ id: projects.id }).from(projects).where(eq(projects.company_id, companyId)))),
        'desc',
        1,
      );
      return row ?? null;
    },

    /** Any note of the project, internal ones too: for the company side only. */
    async findAny(projectId: number, noteId: number): Promise<NoteWithAuthor | null> {
      const [row] = await withAuthors(db, and(eq(notes.project_id, projectId), eq(notes.id, noteId)), 'desc', 1);
      return row ?? null;
    },

    /** A note the portal user already sent with this client id, in any project. */
    async findByClientId(portalUserId: number, clientId: string): Promise<NoteRow | null> {
      const [row] = await db
        .select()
        .from(notes)
        .where(and(eq(notes.author_portal_user_id, portalUserId), eq(notes.client_id, clientId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Writes a note and its attachments in one transaction and resolves once it is committed. The
     * thread's row is upserted first: that locks it, so writers to one project queue and their ids
     * are handed out in commit order (see note_threads). A client_id already used in this project
     * answers the note written then, and `created` false.
     */
    async create(input: NewNote): Promise<{ note: NoteWithAuthor; created: boolean }> {
      const write = async (tx: Executor) => {
        const stamp = input.createdAt ?? sql`now()`;
        await tx
          .insert(noteThreads)
          .values({
            project_id: input.projectId,
            shared_count: input.sharedWithPortal ? 1 : 0,
            internal_count: input.sharedWithPortal ? 0 : 1,
            last_note_at: input.createdAt ?? sql`now()`,
            ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
          })
          .onConflictDoUpdate({
            target: noteThreads.project_id,
            set: {
              shared_count: sql`${noteThreads.shared_count} + ${input.sharedWithPortal ? 1 : 0}`,
              internal_count: sql`${noteThreads.internal_count} + ${input.sharedWithPortal ? 0 : 1}`,
              last_note_at: stamp,
              updated_at: stamp,
            },
          });
        if (input.clientId && input.authorPortalUserId) {
          const [existing] = await tx
            .select({ id: notes.id, project_id: notes.project_id })
            .from(notes)
            .where(and(eq(notes.author_portal_user_id, input.authorPortalUserId), eq(notes.client_id, input.clientId)))
            .limit(1);
          if (existing) {
            if (existing.project_id !== input.projectId) throw new ClientIdTaken();
            // Rolls the thread's count back: nothing new was written.
            throw new Replayed(existing.id);
          }
        }
        const [row] = await tx
          .insert(notes)
          .values({
            project_id: input.projectId,
            body: input.body,
            author_staff_id: input.authorStaffId ?? null,
            author_portal_user_id: input.authorPortalUserId ?? null,
            shared_with_portal: input.sharedWithPortal,
            client_id: input.clientId ?? null,
            ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
          })
          .returning({ id: notes.id });
        const fileIds = input.fileIds ?? [];
        if (fileIds.length > 0) {
          await tx.insert(noteAttachments).values(
            fileIds.map((fileId, position) => ({
              note_id: row!.id,
              file_id: fileId,
              position,
              ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
            })),
          );
        }
        await input.afterWrite?.(tx, row!.id);
        return { id: row!.id, created: true as boolean };
      };
      // Within the seed's transaction this is a savepoint; otherwise a transaction of its own.
      let result: { id: number; created: boolean };
      try {
        result = await (db as Executor).transaction((tx) => write(tx));
      } catch (error) {
        if (error instanceof Replayed) result = { id: error.noteId, created: false };
        // The same client id sent for two projects at once: the unique index stops the second.
        else if (input.clientId && isUniqueViolation(error)) throw new ClientIdTaken();
        else throw error;
      }
      const [note] = await withAuthors(db, eq(notes.id, result.id), 'desc', 1);
      return { note: note!, created: result.created };
    },

    /** Where the user stopped reading, and how many shared notes by others came after. */
    async readState(portalUserId: number, projectId: number): Promise<{ lastReadNoteId: number | null; unread: number }> {
      const [read] = await db
        .select({ last: noteReads.last_read_note_id })
        .from(noteReads)
        .where(and(eq(noteReads.portal_user_id, portalUserId), eq(noteReads.project_id, projectId)));
      const last = read?.last ?? null;
      const [row] = await db
        .select({ unread: count() })
        .from(notes)
        .where(and(shared(projectId), last === null ? undefined : gt(notes.id, last), sql`${notes.author_portal_user_id} is distinct from ${portalUserId}`));
      return { lastReadNoteId: last, unread: Number(row?.unread ?? 0) };
    },

    /**
     * Moves the user's mark forward to a shared note of the project (never back, so two tabs
     * cannot undo each other). False when no such shared note exists.
     */
    async markRead(portalUserId: number, projectId: number, noteId: number): Promise<boolean> {
      const [target] = await db
        .select({ id: notes.id })
        .from(notes)
        .where(and(shared(projectId), eq(notes.id, noteId)));
      if (!target) return false;
      await db
        .insert(noteReads)
        .values({ portal_user_id: portalUserId, project_id: projectId, last_read_note_id: noteId })
        .onConflictDoUpdate({
          target: [noteReads.portal_user_id, noteReads.project_id],
          set: { last_read_note_id: sql`greatest(${noteReads.last_read_note_id}, excluded.last_read_note_id)`, updated_at: sql`now()` },
        });
      return true;
    },

    /** A project of the company, as a note's email names it; null for another company's id. */
    async projectOfCompany(companyId: number, projectId: number) {
      const [project] = await db
        .select({ id: projects.id, number: projects.number, name: projects.name, address_street: projects.address_street })
        .from(projects)
        .where(and(eq(projects.id, projectId), eq(projects.company_id, companyId)));
      return project ?? null;
    },

    /** A staff member of the company; null for anyone else's. */
    /** An active staff member of the company: a deactivated one signs nothing new. */
    async staffOfCompany(companyId: number, staffId: number) {
      const [member] = await db
        .select({ id: staff.id, name: staff.name })
        .from(staff)
        .where(and(eq(staff.id, staffId), eq(staff.company_id, companyId), isNull(staff.deactivated_at)));
      return member ?? null;
    },
  };
}

export type NotesRepository = ReturnType<typeof notesRepository>;
