import { and, asc, count, desc, eq, gte, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import { carryAllowance, type AllowanceTrail } from '../../core/allowances/allowance-trail';
import { emitWebhookEvent } from '../../core/webhooks/outbox';
import type { Executor } from '../../db/client';
import type { SelectionRow } from '../../db/rows';
import { files, selectionChoices, selectionOptionPhotos, selectionOptions, selections } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { optionValues, type OptionFields } from './selection-options.repository';
import { selectionOf } from './selections.queries';

type Sortable = 'id' | 'position' | 'deadline' | 'title' | 'created_at' | 'updated_at';

export interface SelectionListOptions {
  filters: { project_id?: number[]; allowance_id?: number[]; status?: string[]; updated_since?: [Date] };
  sort: SortTerm<Sortable>[];
  page: PageRequest;
  today: string;
}

export interface SelectionFields {
  title: string;
  description: string | null;
  room: string | null;
  deadline: string | null;
  allowanceId: number | null;
  position?: number;
}

/** Why a write was refused: the route turns each into its answer. */
export type SelectionRefusal = { refused: 'not_found' } | { refused: 'chosen' };

/** The selection row, locked until the transaction ends; null when none matches. */
async function lockSelection(tx: Executor, companyId: number, selectionId: number): Promise<SelectionRow | null> {
  const [row] = await tx.select().from(selections).where(selectionOf(companyId, selectionId)).for('update').limit(1);
  return row ?? null;
}

/** Whether the selection has a current choice. */
async function currentChoiceOf(tx: Executor, selectionId: number): Promise<boolean> {
  const [current] = await tx
    .select({ id: selectionChoices.id })
    .from(selectionChoices)
    .where(and(eq(selectionChoices.selection_id, selectionId), isNull(selectionChoices.replaced_at)))
    .limit(1);
  return current !== undefined;
}

/** The selection has a current choice, as SQL; the outer row named in full (a bare `id` would be the subquery's own). */
const hasChoice = sql`exists (select 1 from selection_choices open_choice where open_choice.selection_id = "selections"."id" and open_choice.replaced_at is null)`;

/** The status as SQL, the same rule as selectionStatusOf (selections.queries.ts), so that lists filter by it. */
const statusSql = (today: string): SQL<string> =>
  sql<string>`(case when ${selections.locked_at} is not null then 'locked' when ${hasChoice} then 'chosen' when ${selections.deadline} < ${today}::date then 'past_deadline' else 'to_choose' end)`;

/** What a webhook tells of a selection. */
const described = (row: SelectionRow) => ({
  id: row.id,
  project_id: row.project_id,
  title: row.title,
  room: row.room,
  deadline: row.deadline,
  allowance_id: row.allowance_id,
  locked_at: row.locked_at ? apiTimestamp(row.locked_at) : null,
});

/** The company's selections as its API writes them: made with their options, changed, locked and unlocked, removed. */
export function selectionCompanyRepository(db: Executor) {
  return {
    async list(companyId: number, options: SelectionListOptions) {
      const status = statusSql(options.today);
      const conditions: (SQL | undefined)[] = [eq(selections.company_id, companyId)];
      const { filters } = options;
      if (filters.project_id?.length) conditions.push(inArray(selections.project_id, filters.project_id));
      if (filters.allowance_id?.length) conditions.push(inArray(selections.allowance_id, filters.allowance_id));
      if (filters.status?.length) conditions.push(inArray(status, filters.status));
      if (filters.updated_since) conditions.push(gte(selections.updated_at, filters.updated_since[0]));
      const columns: Record<Sortable, SQL> = {
        id: sql`${selections.id}`,
        position: sql`${selections.position}`,
        deadline: sql`${selections.deadline}`,
        title: sql`lower(${selections.title})`,
        created_at: sql`${selections.created_at}`,
        updated_at: sql`${selections.updated_at}`,
      };
      const order = options.sort.map((term) => (term.direction === 'desc' ? desc : asc)(columns[term.field]));
      // Equal values always break on id, so pages never overlap or skip a row.
      order.push((options.sort[0]?.direction === 'desc' ? desc : asc)(selections.id));
      const [rows, counted] = await Promise.all([
        db
          .select({ id: selections.id, projectId: selections.project_id })
          .from(selections)
          .where(and(...conditions))
          .orderBy(...order)
          .limit(options.page.size)
          .offset(pageOffset(options.page)),
        db
          .select({ total: count() })
          .from(selections)
          .where(and(...conditions)),
      ]);
      return { rows, total: counted[0]?.total ?? 0 };
    },

    /** A new selection with its options, after the project's others unless a position is given. */
    async create(companyId: number, projectId: number, fields: SelectionFields, options: OptionFields[], now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        let position = fields.position;
        if (position === undefined) {
          const [last] = await tx
            .select({ highest: max(selections.position) })
            .from(selections)
            .where(eq(selections.project_id, projectId));
          position = last?.highest === null || last?.highest === undefined ? 0 : last.highest + 1;
        }
        const [row] = await tx
          .insert(selections)
          .values({
            company_id: companyId,
            project_id: projectId,
            allowance_id: fields.allowanceId,
            title: fields.title,
            description: fields.description,
            room: fields.room,
            deadline: fields.deadline,
            position,
            created_at: now,
            updated_at: now,
          })
          .returning({ id: selections.id });
        if (options.length > 0) {
          await tx.insert(selectionOptions).values(options.map((option, index) => optionValues(row!.id, option, option.position ?? index, now)));
        }
        return row!.id;
      });
    },

    /**
     * Changes a selection. Moving one that has a choice to another allowance (or to none) moves its price between them:
     * both trails are brought up to date in the same transaction, the allowances locked in the order of their ids after
     * the selection (as every choice locks them), so two such moves never wait on each other.
     */
    async update(
      companyId: number,
      selectionId: number,
      changes: Partial<SelectionFields>,
      now: Date,
      today: string,
    ): Promise<SelectionRefusal | AllowanceTrail> {
      return db.transaction(async (tx) => {
        const row = await lockSelection(tx, companyId, selectionId);
        if (!row) return { refused: 'not_found' as const };
        const { allowanceId, ...fields } = changes;
        await tx
          .update(selections)
          .set({ ...fields, ...(allowanceId === undefined ? {} : { allowance_id: allowanceId }), updated_at: now })
          .where(eq(selections.id, row.id));
        const moved = allowanceId !== undefined && allowanceId !== row.allowance_id;
        if (!moved || !(await currentChoiceOf(tx, row.id))) return { sentChangeOrderIds: [] };
        const touched = [row.allowance_id, allowanceId].filter((id): id is number => id !== null).sort((a, b) => a - b);
        const sent: number[] = [];
        for (const id of touched) sent.push(...(await carryAllowance(tx, { companyId, allowanceId: id, now, today })).sentChangeOrderIds);
        return { sentChangeOrderIds: sent };
      });
    },

    /**
     * Locks (or unlocks) a selection: the customer can no longer change the choice. A change tells the company's
     * webhooks in the same transaction; one that changes nothing (locking a locked selection) is answered as it is.
     */
    async setLocked(companyId: number, selectionId: number, locked: boolean, now: Date): Promise<SelectionRefusal | null> {
      return db.transaction(async (tx) => {
        const row = await lockSelection(tx, companyId, selectionId);
        if (!row) return { refused: 'not_found' };
        if ((row.locked_at !== null) === locked) return null;
        const [updated] = await tx
          .update(selections)
          .set({ locked_at: locked ? now : null, updated_at: now })
          .where(eq(selections.id, row.id))
          .returning();
        await emitWebhookEvent(tx, {
          companyId,
          type: locked ? 'selection.locked' : 'selection.unlocked',
          at: now,
          data: { selection: described(updated!) },
        });
        return null;
      });
    },

    /**
     * Removes a selection that has no current choice, with its options, its earlier choices and its photos' files
     * (returned, for their bytes to be deleted once the rows are gone).
     */
    async remove(companyId: number, selectionId: number): Promise<SelectionRefusal | { files: { id: number; blob_key: string }[] }> {
      return db.transaction(async (tx) => {
        const row = await lockSelection(tx, companyId, selectionId);
        if (!row) return { refused: 'not_found' };
        if (await currentChoiceOf(tx, row.id)) return { refused: 'chosen' };
        const photoFiles = await tx
          .select({ id: files.id, blob_key: files.blob_key })
          .from(selectionOptionPhotos)
          .innerJoin(selectionOptions, eq(selectionOptions.id, selectionOptionPhotos.option_id))
          .innerJoin(files, eq(files.id, selectionOptionPhotos.file_id))
          .where(eq(selectionOptions.selection_id, row.id));
        // The earlier choices first: they hold their options (on delete restrict), and go with the selection.
        await tx.delete(selectionChoices).where(eq(selectionChoices.selection_id, row.id));
        if (photoFiles.length > 0)
          await tx.delete(files).where(
            inArray(
              files.id,
              photoFiles.map((file) => file.id),
            ),
          );
        await tx.delete(selections).where(eq(selections.id, row.id));
        return { files: photoFiles };
      });
    },
  };
}
