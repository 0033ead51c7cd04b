import { IMAGE_DENSITIES, IMAGE_VARIANTS } from '@portal/contract/constants';
import { describe, expect, it } from 'vitest';
import { imageUrl, responsiveImage } from './image-url';

describe('image proxy URLs (decision 061, docs/requirements.md 10.8)', () => {
  it('adds a listed variant, its density and webp to the signed URL, and nothing else', () => {
    const url = new URL(imageUrl('https://portal.test/api/images/7?exp=1&sig=x', 'photo-full', { density: 2 }));
    expect(Object.fromEntries(url.searchParams)).toEqual({ exp: '1', sig: 'x', v: 'photo-full', d: '2', f: 'webp' });
  });

  it('asks for density 1 in webp unless told otherwise, and starts the query on a bare URL', () => {
    expect(imageUrl('/img/1', 'note-attachment')).toBe('/img/1?v=note-attachment&d=1&f=webp');
  });

  it('gives every density in the srcset and the variant as the CSS size', () => {
    const image = responsiveImage('/img/1?exp=1&sig=x', 'photo-thumbnail');
    expect(image).toEqual({
      src: '/img/1?exp=1&sig=x&v=photo-thumbnail&d=1&f=webp',
      srcSet: '/img/1?exp=1&sig=x&v=photo-thumbnail&d=1&f=webp 1x, /img/1?exp=1&sig=x&v=photo-thumbnail&d=2&f=webp 2x',
      width: IMAGE_VARIANTS['photo-thumbnail'].w,
      height: IMAGE_VARIANTS['photo-thumbnail'].h,
    });
    expect(IMAGE_DENSITIES).toEqual([1, 2]);
  });

  it('never sends a width, height, quality or fit: the server takes only listed variants', () => {
    for (const variant of Object.keys(IMAGE_VARIANTS) as (keyof typeof IMAGE_VARIANTS)[]) {
      for (const url of responsiveImage('/img/1', variant)
        .srcSet.split(', ')
        .map((entry) => new URL(entry.split(' ')[0]!, 'http://x'))) {
        expect([...url.searchParams.keys()].sort(), variant).toEqual(['d', 'f', 'v']);
      }
    }
  });
});
