/** The console's proposal pages (the routes are in console/routes/proposals.tsx). */
export const proposalsUrl = (projectId: number) => `/staff/projects/${projectId}/proposals`;
export const newProposalUrl = (projectId: number) => `${proposalsUrl(projectId)}/new`;
export const proposalUrl = (projectId: number, proposalId: number) => `${proposalsUrl(projectId)}/${proposalId}`;
