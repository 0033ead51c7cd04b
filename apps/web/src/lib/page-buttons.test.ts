import { describe, expect, it } from 'vitest';
import { pageButtons, PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE, DEFAULT_PAGE_NUMBER } from './page-buttons';

const E = 'ellipsis' as const;

describe('page buttons (docs/requirements.md 6.3)', () => {
  it('shows every page when there are 10 or fewer', () => {
    for (let last = 1; last <= 10; last++) {
      for (let current = 1; current <= last; current++) {
        expect(pageButtons(current, last)).toEqual(Array.from({ length: last }, (_, index) => index + 1));
      }
    }
  });

  it('matches docs/requirements.md 6.3 on its edges', () => {
    expect(pageButtons(1, 11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, E, 10, 11]);
    expect(pageButtons(6, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, E, 19, 20]);
    expect(pageButtons(7, 20)).toEqual([1, 2, E, 5, 6, 7, 8, 9, E, 19, 20]);
    expect(pageButtons(14, 20)).toEqual([1, 2, E, 12, 13, 14, 15, 16, E, 19, 20]);
    expect(pageButtons(15, 20)).toEqual([1, 2, E, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageButtons(20, 20)).toEqual([1, 2, E, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageButtons(100, 200)).toEqual([1, 2, E, 98, 99, 100, 101, 102, E, 199, 200]);
  });

  it('holds for every page count from 1 to 200 and every current page', () => {
    for (let last = 1; last <= 200; last++) {
      for (let current = 1; current <= last; current++) {
        const buttons = pageButtons(current, last);
        const pages = buttons.filter((button): button is number => button !== E);
        // Always the current page, the first and the last; in order, without repeats, within range.
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(last);
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        // An ellipsis stands only where pages are skipped, never twice in a row.
        buttons.forEach((button, index) => {
          if (button !== E) return;
          const before = buttons[index - 1] as number;
          const after = buttons[index + 1] as number;
          expect(after - before).toBeGreaterThan(1);
        });
        if (last <= 10) expect(buttons).toHaveLength(last);
        else if (current <= 6) expect(buttons.slice(0, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
        else if (current >= last - 5) expect(buttons.slice(-8)).toEqual(Array.from({ length: 8 }, (_, i) => last - 7 + i));
        else expect(buttons).toEqual([1, 2, E, current - 2, current - 1, current, current + 1, current + 2, E, last - 1, last]);
      }
    }
  });

  it('has the table defaults of docs/requirements.md 10.2', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(DEFAULT_PAGE_NUMBER).toBe(1);
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 15, 20, 25, 30, 50, 100]);
  });
});
