import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { allowancesRepository } from '../../core/allowances/allowances.repository';
import type { Executor } from '../../db/client';
import type { FileRow, SelectionChoiceRow, SelectionOptionPhotoRow, SelectionOptionRow } from '../../db/rows';
import { files, selectionChoices, selectionOptionPhotos, selectionOptions, selections } from '../../db/schema';
import { selectionOf, selectionsWithChoice, type SelectionWithChoice } from './selections.queries';

export interface OptionPhoto {
  photo: SelectionOptionPhotoRow;
  file: FileRow;
  optionId: number;
  selectionId: number;
}

/** A selection as its page shows it: its options in order, their photos, and its current choice. */
export interface SelectionTree extends SelectionWithChoice {
  options: SelectionOptionRow[];
  photos: OptionPhoto[];
}

/** The selections a portal user and a company read; what is written is the choices repository's and the company's. */
export function selectionsRepository(db: Executor) {
  /** The photos of these selections' options, in the options' order and then their own. */
  async function photosOf(where: ReturnType<typeof inArray>): Promise<OptionPhoto[]> {
    const rows = await db
      .select({ photo: selectionOptionPhotos, file: files, optionId: selectionOptions.id, selectionId: selectionOptions.selection_id })
      .from(selectionOptionPhotos)
      .innerJoin(selectionOptions, eq(selectionOptions.id, selectionOptionPhotos.option_id))
      .innerJoin(files, eq(files.id, selectionOptionPhotos.file_id))
      .where(where)
      .orderBy(
        asc(selectionOptions.selection_id),
        asc(selectionOptions.position),
        asc(selectionOptions.id),
        asc(selectionOptionPhotos.position),
        asc(selectionOptionPhotos.id),
      );
    return rows;
  }

  return {
    /** The project's selections with their choices, and the photos their covers are taken from. */
    async ofProject(companyId: number, projectId: number): Promise<{ selections: SelectionWithChoice[]; photos: OptionPhoto[] }> {
      const list = await selectionsWithChoice(db, and(eq(selections.company_id, companyId), eq(selections.project_id, projectId)));
      const ids = list.map((row) => row.selection.id);
      return { selections: list, photos: ids.length > 0 ? await photosOf(inArray(selectionOptions.selection_id, ids)) : [] };
    },

    /** The project's allowances, each with its money (core/allowances/). */
    allowancesOf: (companyId: number, projectId: number) => allowancesRepository(db).ofProject(companyId, projectId),

    /** One selection whole; with a project, only of that project (the portal's reach). Null when none matches. */
    async find(companyId: number, selectionId: number, projectId?: number): Promise<SelectionTree | null> {
      const [row] = await selectionsWithChoice(db, selectionOf(companyId, selectionId, projectId));
      if (!row) return null;
      const [options, photos] = await Promise.all([
        db
          .select()
          .from(selectionOptions)
          .where(eq(selectionOptions.selection_id, selectionId))
          .orderBy(asc(selectionOptions.position), asc(selectionOptions.id)),
        photosOf(inArray(selectionOptions.selection_id, [selectionId])),
      ]);
      return { ...row, options, photos };
    },

    /** Every choice ever made of the selection, newest first: the company's history of it. */
    history(selectionId: number): Promise<SelectionChoiceRow[]> {
      return db
        .select()
        .from(selectionChoices)
        .where(eq(selectionChoices.selection_id, selectionId))
        .orderBy(desc(selectionChoices.chosen_at), desc(selectionChoices.id));
    },
  };
}
export type SelectionsRepository = ReturnType<typeof selectionsRepository>;
