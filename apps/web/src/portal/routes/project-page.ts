import type { FetchInfiniteQueryOptions, FetchQueryOptions } from '@tanstack/react-query';
import { lazyRouteComponent } from '@tanstack/react-router';
import { createElement, type ComponentType } from 'react';
import type { ProjectPageProps } from '../lib/portal';
import type { ProjectArea } from '../project-gate';
import type { RouterContext } from '../../root/root';

/**
 * The route component of a page inside one project: the page behind the project gate. The gate
 * and the page load as one lazy chunk pair, so the router preloads both (decision 024 keeps TanStack
 * Query, which the gate uses, out of the first bundle).
 */
export function projectPage(area: ProjectArea, load: () => Promise<ComponentType<ProjectPageProps>>) {
  return lazyRouteComponent(async () => {
    const [{ ProjectGate }, page] = await Promise.all([import('../project-gate'), load()]);
    return { default: () => createElement(ProjectGate, { area, page }) };
  });
}

/* eslint-disable @typescript-eslint/no-explicit-any -- options of any page's data, infinite or not */
type InfiniteRead = FetchInfiniteQueryOptions<any, any, any, any, any>;
/** A read a project page makes as it opens, given as the page's own query options so the page finds it cached. */
export type FirstRead = FetchQueryOptions<any, any, any, any> | InfiniteRead;
/* eslint-enable @typescript-eslint/no-explicit-any */
const isInfinite = (read: FirstRead): read is InfiniteRead => 'initialPageParam' in read;

/**
 * The loader of a page inside one project: the page's first reads are asked for beside the layout's context check,
 * not after it, as the index page's projects list is (docs/decisions/092-project-pages-read-beside-the-context-check.md).
 * Not awaited: the page shows its own spinner and error, as when it asks itself. With no project picked there is
 * nothing to read; on a navigation the project is already known, and an area its company does not share is not asked
 * for (the gate says so, and the server would refuse it).
 */
export function projectPageLoader<Deps extends { entity?: number | undefined }>(
  area: ProjectArea,
  reads: (entity: number, deps: Deps) => Promise<readonly FirstRead[]>,
) {
  return async ({ context, deps, preload }: { context: RouterContext; deps: Deps; preload: boolean }) => {
    const { entity } = deps;
    // A pointer over a link preloads the route: its code, not its data, which the user may never open.
    if (entity === undefined || preload) return;
    // Only a head start: code that does not arrive (a new deployment) is the page's to report when it asks itself.
    const loaded = await Promise.all([context.dataLayer.load(), import('../lib/portal'), import('../lib/areas'), reads(entity, deps)]).catch(() => null);
    if (!loaded) return;
    const [queryClient, { entityQueryOptions }, { PORTAL_AREAS }, queries] = loaded;
    const company = queryClient.getQueryData(entityQueryOptions(entity).queryKey)?.company;
    const areaSwitch = PORTAL_AREAS.find((candidate) => candidate.key === area)?.switch;
    if (company && areaSwitch && !company[areaSwitch]) return;
    for (const query of queries) void (isInfinite(query) ? queryClient.prefetchInfiniteQuery(query) : queryClient.prefetchQuery(query));
  };
}
