import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastPageOf, pageUrls, pageWindow, paginate } from './pagination';

const urls = pageUrls('https://portal.example.com', '/api/things?include=a,b&page[number]=3&page%5Bsize%5D=5&filter[x]=1');

describe('pageUrls', () => {
  it('keeps the other parameters in order and puts page[number] last, encoded as Laravel does', () => {
    expect(urls.path).toBe('https://portal.example.com/api/things');
    expect(urls.url(4)).toBe('https://portal.example.com/api/things?include=a%2Cb&page%5Bsize%5D=5&filter%5Bx%5D=1&page%5Bnumber%5D=4');
    expect(pageUrls('http://x.test/', '/api/things').url(1)).toBe('http://x.test/api/things?page%5Bnumber%5D=1');
  });
});

describe('pageWindow (Laravel UrlWindow, three on each side)', () => {
  it('shows every page up to 13', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 13)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });
  it('slides with caps from 14 pages on', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, '...', 19, 20]);
    expect(pageWindow(7, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, '...', 19, 20]);
    expect(pageWindow(8, 20)).toEqual([1, 2, '...', 5, 6, 7, 8, 9, 10, 11, '...', 19, 20]);
    expect(pageWindow(13, 20)).toEqual([1, 2, '...', 10, 11, 12, 13, 14, 15, 16, '...', 19, 20]);
    expect(pageWindow(14, 20)).toEqual([1, 2, '...', 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(99, 20)).toEqual([1, 2, '...', 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
});

describe('paginate', () => {
  it('answers an empty list as one empty page', () => {
    const page = paginate([], 0, { number: 1, size: 30 }, urls);
    expect(page).toMatchObject({ current_page: 1, last_page: 1, from: null, to: null, total: 0, next_page_url: null, prev_page_url: null });
    expect(page.links.map((link) => link.label)).toEqual(['&laquo; Previous', '1', 'Next &raquo;']);
  });

  it('keeps its arithmetic for any total, size and page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 300 }), (total, size, number) => {
        const offset = (number - 1) * size;
        const count = Math.max(0, Math.min(size, total - offset));
        const items = Array.from({ length: count }, (_, index) => offset + index);
        const page = paginate(items, total, { number, size }, urls);
        const lastPage = lastPageOf(total, size);

        expect(page.last_page).toBe(lastPage);
        expect(page.last_page).toBeGreaterThanOrEqual(1);
        expect((page.last_page - 1) * size).toBeLessThanOrEqual(Math.max(total - 1, 0));
        if (count === 0) {
          expect(page.from).toBeNull();
          expect(page.to).toBeNull();
        } else {
          expect(page.from).toBe(offset + 1);
          expect(page.to).toBe(offset + count);
          expect(page.to).toBeLessThanOrEqual(total);
        }
        expect(page.next_page_url === null).toBe(number >= lastPage);
        expect(page.prev_page_url === null).toBe(number === 1);
        // Links: previous, the window, next; at most one active, and it is the current page.
        expect(page.links[0]!.label).toBe('&laquo; Previous');
        expect(page.links.at(-1)!.label).toBe('Next &raquo;');
        const active = page.links.filter((link) => link.active);
        expect(active.length).toBeLessThanOrEqual(1);
        if (active[0]) expect(active[0].label).toBe(String(number));
        const numbers = page.links
          .slice(1, -1)
          .filter((link) => link.label !== '...')
          .map((link) => Number(link.label));
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(lastPage);
        expect(numbers.length).toBeLessThanOrEqual(13);
        if (number <= lastPage) expect(numbers).toContain(number);
      }),
      { numRuns: 500 },
    );
  });
});
