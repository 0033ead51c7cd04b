import { describe, expect, it } from 'vitest';
import { validateCalendarSearch } from './search';

describe('the calendar page’s URL', () => {
  it('keeps the view, month, day, past and page it knows', () => {
    expect(validateCalendarSearch({ view: 'month', month: '2026-03', day: '2026-03-09', past: 'true', page: '3' })).toEqual({
      view: 'month',
      month: '2026-03',
      day: '2026-03-09',
      past: true,
      page: 3,
    });
  });

  it('drops what it does not know instead of failing the page', () => {
    expect(validateCalendarSearch({ view: 'week', month: '2026-13', day: '2026-02-30', past: 'maybe', page: '0' })).toEqual({
      view: undefined,
      month: undefined,
      day: undefined,
      past: undefined,
      page: undefined,
    });
  });
});
