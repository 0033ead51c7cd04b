import type { Company, PortalEntity, Project } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { responsiveImage } from '../../../lib/image-url';
import { entityQueryOptions } from '../../../lib/portal';
import { preloadProjectCover } from './index-page-reads';

const COVER = '/api/files/9/photo.jpg?expires=1&signature=abc';

/** The index page's cover, asked for when the context check answers (docs/decisions/094-index-cover-asked-with-the-check.md). */
describe("the picked project's cover, asked for with the context check", () => {
  const checked = (company: Partial<Company>, model: Partial<Project>) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(entityQueryOptions(7).queryKey, { id: 7, company, model } as unknown as PortalEntity);
    return queryClient;
  };

  it("asks for the very file the page's image shows, at a high priority", async () => {
    const image = await preloadProjectCover(checked({ is_portal_project_info_enabled: true }, { cover_photo: { url: COVER } as Project['cover_photo'] }), 7);
    const page = responsiveImage(COVER, 'project-overview-cover');
    expect(image?.getAttribute('src')).toBe(page.src);
    expect(image?.getAttribute('srcset')).toBe(page.srcSet);
    expect(image?.getAttribute('fetchpriority')).toBe('high');
  });

  it('asks for nothing when the company does not show project details, the project has no cover, or the check fails', async () => {
    const cover = { cover_photo: { url: COVER } as Project['cover_photo'] };
    expect(await preloadProjectCover(checked({ is_portal_project_info_enabled: false }, cover), 7)).toBeNull();
    expect(await preloadProjectCover(checked({ is_portal_project_info_enabled: true }, { cover_photo: null }), 7)).toBeNull();
    // Nothing cached and no server: the check's request fails, as a project the user may not see does.
    const failing = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await preloadProjectCover(failing, 7)).toBeNull();
  });
});
