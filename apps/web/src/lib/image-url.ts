/** docs/requirements.md 13.5 and 10.8: images go through the proxy with these modifiers; densities 1 and 2, webp. */
export type ImageFormat = 'webp' | 'avif' | 'jpeg' | 'png';
export type ImageFit = 'cover' | 'contain' | 'fill' | 'inside' | 'outside';

export interface ImageModifiers {
  width?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
  fit?: ImageFit;
}

export const IMAGE_DENSITIES = [1, 2] as const;
export const DEFAULT_IMAGE_FORMAT: ImageFormat = 'webp';

/**
 * A proxy URL for an image: the signed URL the API handed out, with the modifiers added. The
 * signature covers the file, not the modifiers, which the server validates and clamps.
 */
export function imageUrl(signedUrl: string, modifiers: ImageModifiers = {}): string {
  const { width, height, format = DEFAULT_IMAGE_FORMAT, quality, fit } = modifiers;
  const params = new URLSearchParams();
  if (width) params.set('w', String(Math.round(width)));
  if (height) params.set('h', String(Math.round(height)));
  params.set('f', format);
  if (quality) params.set('q', String(Math.round(quality)));
  if (fit) params.set('fit', fit);
  return `${signedUrl}${signedUrl.includes('?') ? '&' : '?'}${params.toString()}`;
}

/** `src` at 1x and a `srcSet` with 1x and 2x, for an image shown at width × height CSS pixels. */
export function responsiveImage(signedUrl: string, modifiers: ImageModifiers & { width: number; height?: number }) {
  const at = (density: number) =>
    imageUrl(signedUrl, { ...modifiers, width: modifiers.width * density, ...(modifiers.height ? { height: modifiers.height * density } : {}) });
  return { src: at(1), srcSet: IMAGE_DENSITIES.map((density) => `${at(density)} ${density}x`).join(', ') };
}
