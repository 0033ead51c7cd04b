import type { QueryClient } from '@tanstack/react-query';
import { responsiveImage } from '../../../lib/image-url';
import { entityQueryOptions } from '../../../lib/portal';

export { myEntitiesQueryOptions } from './get-entities';

/**
 * The picked project's cover photo, the index page's largest paint, asked for as soon as the context check brings its
 * address, with a high priority: the page's render no longer stands between the two
 * (docs/decisions/094-index-cover-asked-with-the-check.md). The same `src` and `srcset` as the page's `<img>`
 * (ProjectOverview), so the browser picks the same file and the page finds it in its cache.
 *
 * Joins the context check's own request (the same query); asks for nothing when the check fails, the project has no
 * cover, or the company does not show project details. Returns the image it started, or null.
 */
export async function preloadProjectCover(queryClient: QueryClient, entityId: number): Promise<HTMLImageElement | null> {
  const entity = await queryClient.ensureQueryData(entityQueryOptions(entityId)).catch(() => null);
  const cover = entity?.model?.cover_photo;
  if (!cover || !entity.company?.is_portal_project_info_enabled) return null;
  const { src, srcSet } = responsiveImage(cover.url, 'project-overview-cover');
  const image = new Image();
  image.setAttribute('fetchpriority', 'high');
  image.srcset = srcSet;
  image.src = src;
  return image;
}
