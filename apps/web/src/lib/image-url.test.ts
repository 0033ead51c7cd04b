import { describe, expect, it } from 'vitest';
import { imageUrl, responsiveImage } from './image-url';

describe('image proxy URLs (docs/requirements.md 13.5, 10.8)', () => {
  it('adds width, height, format, quality and fit to the signed URL, webp by default', () => {
    const url = new URL(imageUrl('https://portal.test/api/files/abc?exp=1&sig=x', { width: 320, height: 200, quality: 80, fit: 'cover' }));
    expect(Object.fromEntries(url.searchParams)).toEqual({ exp: '1', sig: 'x', w: '320', h: '200', f: 'webp', q: '80', fit: 'cover' });
  });

  it('leaves out modifiers that are not set', () => {
    expect(imageUrl('/img/1', {})).toBe('/img/1?f=webp');
    expect(imageUrl('/img/1', { format: 'avif', width: 99.6 })).toBe('/img/1?w=100&f=avif');
  });

  it('gives densities 1x and 2x', () => {
    const image = responsiveImage('/img/1', { width: 160, height: 120 });
    expect(image.src).toBe('/img/1?w=160&h=120&f=webp');
    expect(image.srcSet).toBe('/img/1?w=160&h=120&f=webp 1x, /img/1?w=320&h=240&f=webp 2x');
  });
});
