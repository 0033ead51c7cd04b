/**
 * Every note known, each once, oldest first: the loaded pages, what polling and posting added. Ids are handed out in
 * commit order within a project (docs/decisions/020), so the order by id is the thread's, in the portal and the console.
 */
export function mergeNotes<T extends { id: number }>(...lists: readonly (readonly T[])[]): T[] {
  const byId = new Map<number, T>();
  for (const list of lists) for (const note of list) byId.set(note.id, note);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
