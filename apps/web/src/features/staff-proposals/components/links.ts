/** The console's proposal pages (the routes are in app/routes/staff.tsx). */
export const proposalsUrl = (projectId: number) => `/staff/projects/${projectId}/proposals`;
export const newProposalUrl = (projectId: number) => `${proposalsUrl(projectId)}/new`;
export const proposalUrl = (projectId: number, proposalId: number) => `${proposalsUrl(projectId)}/${proposalId}`;

/** A link drawn as the page's main button. */
export const BUTTON_LINK =
  'inline-flex items-center justify-center gap-2 rounded-full bg-portal px-5 py-2.5 text-base font-semibold text-on-portal hover:brightness-110';
