import { SELECTION_MAX_OPTIONS, SELECTION_OPTION_MAX_PHOTOS } from '@portal/contract';
import { and, count, eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FileRow, SelectionOptionPhotoRow, SelectionOptionRow } from '../../db/rows';
import { files, selectionChoices, selectionOptionPhotos, selectionOptions, selections } from '../../db/schema';

/** An option as the company writes it. */
export interface OptionFields {
  title: string;
  description: string | null;
  price: string;
  leadTimeDays: number | null;
  supplierUrl: string | null;
  position?: number;
}

/** Why a write was refused: the route turns each into its answer. */
export type OptionRefusal = { refused: 'not_found' } | { refused: 'ever_chosen' } | { refused: 'too_many_options' } | { refused: 'too_many_photos' };

export const optionValues = (selectionId: number, option: OptionFields, position: number, now: Date) => ({
  selection_id: selectionId,
  title: option.title,
  description: option.description,
  price: option.price,
  lead_time_days: option.leadTimeDays,
  supplier_url: option.supplierUrl,
  position,
  created_at: now,
  updated_at: now,
});

/** An option of one of the company's selections. */
const optionOfCompany = (companyId: number, selectionId: number, optionId: number) =>
  and(eq(selectionOptions.id, optionId), eq(selectionOptions.selection_id, selectionId), eq(selections.company_id, companyId));

/** The options of the company's selections and their photos: added, changed, removed (never one that was ever chosen). */
export function selectionOptionsRepository(db: Executor) {
  /** The option row, locked until the transaction ends (its photos are counted under it); null when none matches. */
  async function lockOption(tx: Executor, companyId: number, selectionId: number, optionId: number): Promise<SelectionOptionRow | null> {
    const [row] = await tx
      .select({ option: selectionOptions })
      .from(selectionOptions)
      .innerJoin(selections, eq(selections.id, selectionOptions.selection_id))
      .where(optionOfCompany(companyId, selectionId, optionId))
      .for('update', { of: selectionOptions })
      .limit(1);
    return row?.option ?? null;
  }

  return {
    async find(companyId: number, selectionId: number, optionId: number): Promise<SelectionOptionRow | null> {
      const [row] = await db
        .select({ option: selectionOptions })
        .from(selectionOptions)
        .innerJoin(selections, eq(selections.id, selectionOptions.selection_id))
        .where(optionOfCompany(companyId, selectionId, optionId))
        .limit(1);
      return row?.option ?? null;
    },

    /** A new option of the selection, after its others unless a position is given; at most SELECTION_MAX_OPTIONS. */
    async add(companyId: number, selectionId: number, fields: OptionFields, now: Date): Promise<OptionRefusal | { id: number }> {
      return db.transaction(async (tx) => {
        const [selection] = await tx
          .select({ id: selections.id })
          .from(selections)
          .where(and(eq(selections.id, selectionId), eq(selections.company_id, companyId)))
          .for('update')
          .limit(1);
        if (!selection) return { refused: 'not_found' };
        const [counted] = await tx
          .select({ options: count(), highest: max(selectionOptions.position) })
          .from(selectionOptions)
          .where(eq(selectionOptions.selection_id, selection.id));
        if ((counted?.options ?? 0) >= SELECTION_MAX_OPTIONS) return { refused: 'too_many_options' };
        const position = fields.position ?? (counted?.highest === null || counted?.highest === undefined ? 0 : counted.highest + 1);
        const [row] = await tx
          .insert(selectionOptions)
          .values(optionValues(selection.id, fields, position, now))
          .returning({ id: selectionOptions.id });
        await tx.update(selections).set({ updated_at: now }).where(eq(selections.id, selection.id));
        return { id: row!.id };
      });
    },

    async update(optionId: number, selectionId: number, changes: Partial<Omit<SelectionOptionRow, 'id' | 'selection_id'>>, now: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(selectionOptions)
          .set({ ...changes, updated_at: now })
          .where(eq(selectionOptions.id, optionId));
        await tx.update(selections).set({ updated_at: now }).where(eq(selections.id, selectionId));
      });
    },

    /**
     * Removes an option that was never chosen, with its photos' files (returned, for their bytes to be deleted once the
     * rows are gone). One ever chosen is part of that choice's evidence.
     */
    async remove(companyId: number, selectionId: number, optionId: number, now: Date): Promise<OptionRefusal | { files: Pick<FileRow, 'id' | 'blob_key'>[] }> {
      return db.transaction(async (tx) => {
        const option = await lockOption(tx, companyId, selectionId, optionId);
        if (!option) return { refused: 'not_found' };
        const [chosen] = await tx.select({ id: selectionChoices.id }).from(selectionChoices).where(eq(selectionChoices.option_id, option.id)).limit(1);
        if (chosen) return { refused: 'ever_chosen' };
        const photoFiles = await tx
          .select({ id: files.id, blob_key: files.blob_key })
          .from(selectionOptionPhotos)
          .innerJoin(files, eq(files.id, selectionOptionPhotos.file_id))
          .where(eq(selectionOptionPhotos.option_id, option.id));
        for (const file of photoFiles) await tx.delete(files).where(eq(files.id, file.id));
        await tx.delete(selectionOptions).where(eq(selectionOptions.id, option.id));
        await tx.update(selections).set({ updated_at: now }).where(eq(selections.id, selectionId));
        return { files: photoFiles };
      });
    },

    /** How many photos the option has now: an upload that cannot fit is refused before its bytes are read. */
    async photoCount(optionId: number): Promise<number> {
      const [row] = await db.select({ photos: count() }).from(selectionOptionPhotos).where(eq(selectionOptionPhotos.option_id, optionId));
      return row?.photos ?? 0;
    },

    /** The uploaded files become the option's photos, after its others, unless they would pass SELECTION_OPTION_MAX_PHOTOS. */
    async addPhotos(
      companyId: number,
      selectionId: number,
      optionId: number,
      uploaded: readonly FileRow[],
      now: Date,
    ): Promise<OptionRefusal | { photos: { photo: SelectionOptionPhotoRow; file: FileRow }[] }> {
      return db.transaction(async (tx) => {
        const option = await lockOption(tx, companyId, selectionId, optionId);
        if (!option) return { refused: 'not_found' };
        const [counted] = await tx
          .select({ photos: count(), highest: max(selectionOptionPhotos.position) })
          .from(selectionOptionPhotos)
          .where(eq(selectionOptionPhotos.option_id, option.id));
        if ((counted?.photos ?? 0) + uploaded.length > SELECTION_OPTION_MAX_PHOTOS) return { refused: 'too_many_photos' };
        const first = counted?.highest === null || counted?.highest === undefined ? 0 : counted.highest + 1;
        const rows = await tx
          .insert(selectionOptionPhotos)
          .values(uploaded.map((file, index) => ({ option_id: option.id, file_id: file.id, position: first + index })))
          .returning();
        await tx.update(selections).set({ updated_at: now }).where(eq(selections.id, selectionId));
        return { photos: rows.map((photo, index) => ({ photo, file: uploaded[index]! })) };
      });
    },

    /** The photo of the company's option with its file, or null. */
    async photo(companyId: number, selectionId: number, optionId: number, photoId: number): Promise<{ photo: SelectionOptionPhotoRow; file: FileRow } | null> {
      const [row] = await db
        .select({ photo: selectionOptionPhotos, file: files })
        .from(selectionOptionPhotos)
        .innerJoin(selectionOptions, eq(selectionOptions.id, selectionOptionPhotos.option_id))
        .innerJoin(selections, eq(selections.id, selectionOptions.selection_id))
        .innerJoin(files, eq(files.id, selectionOptionPhotos.file_id))
        .where(and(eq(selectionOptionPhotos.id, photoId), optionOfCompany(companyId, selectionId, optionId)))
        .limit(1);
      return row ?? null;
    },

    /** Marks the selection changed (a photo went with its file), so a sync by updated_since sees it. */
    async touch(selectionId: number, now: Date) {
      await db.update(selections).set({ updated_at: now }).where(eq(selections.id, selectionId));
    },
  };
}
