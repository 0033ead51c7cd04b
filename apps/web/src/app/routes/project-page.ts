import { lazyRouteComponent } from '@tanstack/react-router';
import { createElement, type ComponentType } from 'react';
import type { ProjectPageProps } from '../../lib/portal';
import type { ProjectArea } from '../project-gate';

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
