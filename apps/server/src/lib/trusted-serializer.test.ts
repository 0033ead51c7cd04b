import { describe, expect, it } from 'vitest';
import { stringifyPageSharing } from './trusted-serializer';

describe('a page whose items share their last object', () => {
  it('is written byte for byte as JSON.stringify writes it, each shared object once', () => {
    const acme = { id: 1, name: 'Acme "Builders"', note: 'a\u2028b\\', nested: { list: [1, null, 'x'] } };
    const other = { id: 2, name: 'Other' };
    const page = {
      current_page: 3,
      data: [
        { id: 1, model: { id: 9, name: '"quoted"', company: acme }, company: acme },
        { id: 2, model: null, company: other },
        { id: 3, company: null },
        { id: 4 },
        { company: acme },
        { company: acme, after: true },
        { id: 5, company: undefined },
      ],
      first_page_url: 'http://x/?data=[]',
      links: [{ url: null, label: '"data":[]', active: false }],
      total: 7,
    };
    const before = JSON.stringify(page);
    expect(stringifyPageSharing(page, 'company')).toBe(before);
    // The page is left as it was.
    expect(JSON.stringify(page)).toBe(before);
    expect(stringifyPageSharing({ current_page: 1, data: [] }, 'company')).toBe('{"current_page":1,"data":[]}');
  });
});
