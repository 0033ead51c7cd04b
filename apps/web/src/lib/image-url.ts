import { DEFAULT_IMAGE_FORMAT, IMAGE_DENSITIES, IMAGE_VARIANTS, type ImageDensity, type ImageFormat, type ImageVariant } from '@portal/contract/constants';

/**
 * A proxy URL for an image: the signed URL the API handed out, with a listed variant, density and
 * format added. The server renders nothing else (decision 061): a new place that draws an image adds
 * its variant to IMAGE_VARIANTS in the contract.
 */
export function imageUrl(
  signedUrl: string,
  variant: ImageVariant,
  { density = 1, format = DEFAULT_IMAGE_FORMAT }: { density?: ImageDensity; format?: ImageFormat } = {},
): string {
  const params = new URLSearchParams({ v: variant, d: String(density), f: format });
  return `${signedUrl}${signedUrl.includes('?') ? '&' : '?'}${params.toString()}`;
}

/**
 * What an `<img>` needs for a variant (docs/requirements.md 10.8): `src` at 1x, a `srcSet` with every
 * density, and the variant's CSS size as `width` and `height` so nothing jumps while it loads.
 */
export function responsiveImage(signedUrl: string, variant: ImageVariant) {
  const { w, h } = IMAGE_VARIANTS[variant];
  return {
    src: imageUrl(signedUrl, variant),
    srcSet: IMAGE_DENSITIES.map((density) => `${imageUrl(signedUrl, variant, { density })} ${density}x`).join(', '),
    width: w,
    height: h,
  };
}
