import { createRoute } from '@tanstack/react-router';
import { validateProposalsSearch } from '../features/proposals/search';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { projectPage } from './project-page';

export const proposalsRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/proposals',
  // The open proposal lives in the URL, so the emailed link opens it.
  validateSearch: validateProposalsSearch,
  component: projectPage('proposals', () => import('../features/proposals/components/proposals-page').then((module) => module.ProposalsPage)),
});
