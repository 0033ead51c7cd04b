import type { Note } from '@portal/contract';
import { formatWeekdayDate } from '../../../../lib/format';

/** A note the user has sent that the server has not acknowledged (yet, or at all). */
export interface PendingNote {
  clientId: string;
  body: string;
  files: File[];
  /** Files picked before a reload cannot be kept; the user is told to add them again. */
  filesLost?: boolean;
  status: 'sending' | 'failed';
  error?: string | undefined;
  createdAt: string;
}

export type ThreadItem = { kind: 'note'; note: Note } | { kind: 'pending'; pending: PendingNote };

export interface DayGroup {
  key: string;
  label: string;
  items: ThreadItem[];
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

/** "Today", "Yesterday", "Tuesday, March 3" (with the year when it is not this year's). */
export function dayLabel(date: Date, now: Date = new Date()): string {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(now)) return 'Today';
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday';
  return formatWeekdayDate(date, date.getFullYear() !== now.getFullYear());
}

/** The thread by day, in the viewer's time zone; notes still being sent close the last day. */
export function groupByDay(notes: readonly Note[], pending: readonly PendingNote[], now: Date = new Date()): DayGroup[] {
  const groups: DayGroup[] = [];
  const add = (date: Date, item: ThreadItem) => {
    const key = dayKey(date);
    let group = groups[groups.length - 1];
    if (!group || group.key !== key) {
      group = { key, label: dayLabel(date, now), items: [] };
      groups.push(group);
    }
    group.items.push(item);
  };
  for (const note of notes) add(new Date(note.created_at), { kind: 'note', note });
  for (const item of pending) add(new Date(item.createdAt), { kind: 'pending', pending: item });
  return groups;
}

/**
 * The first note by someone else newer than the read mark: where "New since your last visit"
 * goes. None on a first visit (everything is new) or when nothing is new.
 */
export function firstUnreadId(notes: readonly Note[], lastReadNoteId: number | null): number | null {
  if (lastReadNoteId === null) return null;
  return notes.find((note) => note.id > lastReadNoteId && !note.is_own)?.id ?? null;
}
