import { describe, expect, it } from 'vitest';
import { apiTimestamp } from './timestamps';

describe('API timestamps (docs/requirements.md 4.10)', () => {
  it('are ISO 8601 in UTC with microseconds, as Laravel writes them', () => {
    expect(apiTimestamp(new Date('2026-03-02T15:04:05.000Z'))).toBe('2026-03-02T15:04:05.000000Z');
    expect(apiTimestamp(new Date(Date.UTC(2026, 10, 21, 9, 8, 7, 123)))).toBe('2026-11-21T09:08:07.123000Z');
  });
});
