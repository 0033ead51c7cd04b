import { describe, expect, it } from 'vitest';
import { isMissing, portalSearchSchema } from './search';

describe('the portal query (spec §2 rules 4 and 8)', () => {
  it.each(['undefined', 'null', '', undefined, null])('counts %j as missing', (value) => {
    expect(isMissing(value)).toBe(true);
    expect(portalSearchSchema.parse({ entity: value, company_id: value })).toEqual({});
  });

  it('reads entity and company_id as ids, and theme as a code', () => {
    expect(portalSearchSchema.parse({ entity: '12', company_id: 3, theme: 'acme' })).toEqual({ entity: 12, company_id: 3, theme: 'acme' });
  });

  it('refuses an entity that is no id, so the route fails validation', () => {
    expect(portalSearchSchema.safeParse({ entity: 'abc' }).success).toBe(false);
    expect(portalSearchSchema.safeParse({ company_id: '-1' }).success).toBe(false);
  });
});
