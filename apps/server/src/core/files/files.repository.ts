import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema';

import type { FileRow, NewFileRow } from '../../db/rows';

export function filesRepository(db: Executor) {
  return {
    async insert(rows: NewFileRow[]): Promise<FileRow[]> {
      if (rows.length === 0) return [];
      return db.insert(files).values(rows).returning();
    },
    async find(id: number): Promise<FileRow | null> {
      const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
      return row ?? null;
    },
    async remove(ids: number[]): Promise<void> {
      if (ids.length > 0) await db.delete(files).where(inArray(files.id, ids));
    },
  };
}
export type FilesRepository = ReturnType<typeof filesRepository>;
