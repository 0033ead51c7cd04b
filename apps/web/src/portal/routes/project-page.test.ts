import type { Company, PortalEntity } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { BareErrorPage } from '../../components/error-page';
import { entityQueryOptions } from '../lib/portal';
import { projectPageLoader } from './project-page';

/** The loader of a project's page (docs/decisions/092-project-pages-read-beside-the-context-check.md). */
describe("a project page's loader", () => {
  const setUp = (company?: Partial<Company>) => {
    const queryClient = new QueryClient();
    if (company) queryClient.setQueryData(entityQueryOptions(7).queryKey, { id: 7, company } as unknown as PortalEntity);
    const read = vi.fn(async () => ['the photos']);
    const loader = projectPageLoader('photos', async (entity: number) => [{ queryKey: ['photos', String(entity)], queryFn: read }]);
    const context = { dataLayer: { load: async () => queryClient, clear: () => undefined }, staffConsole: false, signedInErrorPage: BareErrorPage };
    const run = async (deps: { entity?: number }, preload = false) => {
      await loader({ context, deps, preload });
      await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    };
    return { queryClient, read, run };
  };

  it("asks for the page's first reads with the page's own query, before the project is known", async () => {
    const { queryClient, read, run } = setUp();
    await run({ entity: 7 });
    expect(read).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['photos', '7'])).toEqual(['the photos']);
  });

  it('asks when the known project is of a company that shares the area', async () => {
    const { read, run } = setUp({ is_portal_album_sharing_enabled: true });
    await run({ entity: 7 });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("lets the navigation go on when the reads' code does not arrive: the page asks itself and reports it", async () => {
    const queryClient = new QueryClient();
    const loader = projectPageLoader('photos', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const context = { dataLayer: { load: async () => queryClient, clear: () => undefined }, staffConsole: false, signedInErrorPage: BareErrorPage };
    await expect(loader({ context, deps: { entity: 7 }, preload: false })).resolves.toBeUndefined();
  });

  it('asks for nothing when the known project is of a company that does not share the area, with no project, or on a preload', async () => {
    const off = setUp({ is_portal_album_sharing_enabled: false });
    await off.run({ entity: 7 });
    expect(off.read).not.toHaveBeenCalled();

    const none = setUp();
    await none.run({});
    await none.run({ entity: 7 }, true);
    expect(none.read).not.toHaveBeenCalled();
  });
});
