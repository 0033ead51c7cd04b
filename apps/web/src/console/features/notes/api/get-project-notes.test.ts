import type { IntegrationNote, Paginated } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchNotesAfter } from './get-project-notes';

const note = (id: number) => ({ id }) as IntegrationNote;

/** A thread of notes 1…total, newest first, 30 a page, as the company API answers it. */
function serveThread(total: number) {
  const asked: number[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    const number = Number(url.searchParams.get('page[number]'));
    asked.push(number);
    const ids = Array.from({ length: total }, (_, index) => total - index).slice((number - 1) * 30, number * 30);
    const page: Partial<Paginated<IntegrationNote>> = {
      data: ids.map(note),
      current_page: number,
      total,
      next_page_url: number * 30 < total ? `/next` : null,
    };
    return new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return asked;
}

afterEach(() => vi.restoreAllMocks());

describe('polling the console thread', () => {
  it('asks for the newest page only when it holds the notes below it', async () => {
    const asked = serveThread(100);
    expect((await fetchNotesAfter(1, 97)).map((each) => each.id)).toEqual([100, 99, 98]);
    expect(asked).toEqual([1]);
  });

  it('walks back until it meets a note it holds, so a burst of notes leaves no gap', async () => {
    const asked = serveThread(100);
    const found = await fetchNotesAfter(1, 35);
    expect(found.map((each) => each.id)).toEqual(Array.from({ length: 65 }, (_, index) => 100 - index));
    expect(asked).toEqual([1, 2, 3]);
  });

  it('takes the whole thread when nothing was held, and stops at its end', async () => {
    const asked = serveThread(40);
    expect(await fetchNotesAfter(1, 0)).toHaveLength(40);
    expect(asked).toEqual([1, 2]);
  });
});
