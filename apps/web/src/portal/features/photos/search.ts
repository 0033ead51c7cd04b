import { readId } from '../../../lib/search';

/**
 * The photos page keeps the open album and photo in the URL (decision 034), so Back leaves the
 * viewer and then the album, and a shared link opens the same photo. Ids only: what the user may
 * see is the API's to say. Plain functions: the route's validator is in the first bundle (decision 024).
 */
export interface PhotosSearch {
  album?: number | undefined;
  photo?: number | undefined;
}

/**
 * The route's `validateSearch`: never throws. A value that is not an id (an old or mangled link)
 * counts as missing, and so does a photo without its album: the page still shows. Every key is in
 * the result, undefined when missing: the router spreads it over the raw query.
 */
export function validatePhotosSearch(search: Record<string, unknown>): PhotosSearch {
  const album = readId(search.album) ?? undefined;
  return { album, photo: album === undefined ? undefined : (readId(search.photo) ?? undefined) };
}
