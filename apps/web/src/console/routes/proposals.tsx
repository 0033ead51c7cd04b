import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { parseId } from './params';
import { staffProjectRoute } from './projects';

const StaffProposalsPage = lazy(() =>
  import('../features/proposals/components/staff-proposals-page').then((module) => ({ default: module.StaffProposalsPage })),
);
const StaffProposalPage = lazy(() => import('../features/proposals/components/staff-proposal-page').then((module) => ({ default: module.StaffProposalPage })));
const NewProposalPage = lazy(() => import('../features/proposals/components/staff-proposal-page').then((module) => ({ default: module.NewProposalPage })));

/** A project's proposals (docs/staff-console.md): the list, a new draft, and one proposal (a draft's editor, or what was sent). */
export const staffProjectProposalsRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/proposals',
  component: function StaffProjectProposalsRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffProposalsPage projectId={projectId} />;
  },
});

export const staffProjectNewProposalRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/proposals/new',
  component: function StaffProjectNewProposalRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <NewProposalPage projectId={projectId} />;
  },
});

export const staffProjectProposalRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/proposals/$proposalId',
  params: {
    parse: ({ proposalId }: { proposalId: string }) => ({ proposalId: parseId(proposalId) }),
    stringify: ({ proposalId }: { proposalId: number }) => ({ proposalId: String(proposalId) }),
  },
  component: function StaffProjectProposalRoute() {
    const { projectId } = staffProjectRoute.useParams();
    const { proposalId } = staffProjectProposalRoute.useParams();
    return <StaffProposalPage key={proposalId} projectId={projectId} proposalId={proposalId} />;
  },
});
