import type { Note } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { mergeNotes } from '../../../../components/notes/merge-notes';
import { dayLabel, firstUnreadId, groupByDay } from './thread-model';

const note = (id: number, createdAt: string, own = false): Note => ({
  id,
  project_id: 1,
  body: `note ${id}`,
  author: { type: own ? 'portal_user' : 'staff', id: 1, name: own ? 'Casey Morgan' : 'Dana Whitfield', title: null, avatar_url: null },
  is_own: own,
  attachments: [],
  created_at: createdAt,
});

describe('the thread', () => {
  it('merges pages, polled and posted notes once each, oldest first', () => {
    const a = note(1, '2026-03-03T15:00:00Z');
    const b = note(2, '2026-03-03T16:00:00Z');
    const c = note(3, '2026-03-04T16:00:00Z');
    expect(mergeNotes([c, b], [b, a], [c]).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('groups by day in the viewer’s time zone, with the unsent notes last', () => {
    const now = new Date('2026-03-10T12:00:00');
    const groups = groupByDay(
      [
        note(1, new Date('2026-03-03T09:00:00').toISOString()),
        note(2, new Date('2026-03-03T18:00:00').toISOString()),
        note(3, new Date('2026-03-09T08:00:00').toISOString()),
      ],
      [{ clientId: 'x', body: 'sending', files: [], status: 'sending', createdAt: now.toISOString() }],
      now,
    );
    expect(groups.map((group) => [group.label, group.items.length])).toEqual([
      ['Tuesday, March 3', 2],
      ['Yesterday', 1],
      ['Today', 1],
    ]);
    expect(dayLabel(new Date('2025-12-24T10:00:00'), now)).toBe('Wednesday, December 24, 2025');
  });

  it('marks the first note by someone else after the read mark, and nothing on a first visit', () => {
    const notes = [note(1, '2026-03-03T15:00:00Z'), note(2, '2026-03-03T16:00:00Z', true), note(3, '2026-03-03T17:00:00Z')];
    expect(firstUnreadId(notes, 1)).toBe(3);
    expect(firstUnreadId(notes, 3)).toBeNull();
    expect(firstUnreadId(notes, null)).toBeNull();
  });
});
