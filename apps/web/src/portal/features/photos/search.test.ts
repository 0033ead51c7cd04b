import { describe, expect, it } from 'vitest';
import { validatePhotosSearch } from './search';

describe('the photos page URL', () => {
  it('reads the open album and photo as ids', () => {
    expect(validatePhotosSearch({ entity: 1, album: '3', photo: 12 })).toEqual({ album: 3, photo: 12 });
    expect(validatePhotosSearch({ album: 3 })).toEqual({ album: 3, photo: undefined });
  });

  it('treats anything else as missing instead of failing the page, and a photo without its album too', () => {
    for (const value of ['abc', '-1', 0, 1.5, '', 'null', 'undefined', '99999999999']) {
      expect(validatePhotosSearch({ album: value, photo: value })).toEqual({ album: undefined, photo: undefined });
    }
    expect(validatePhotosSearch({ photo: 12 })).toEqual({ album: undefined, photo: undefined });
  });
});
