/** The console's selection pages (the routes are in console/routes/selections.tsx). */
export const selectionsUrl = (projectId: number) => `/staff/projects/${projectId}/selections`;
export const newSelectionUrl = (projectId: number) => `${selectionsUrl(projectId)}/new`;
export const selectionUrl = (projectId: number, selectionId: number) => `${selectionsUrl(projectId)}/${selectionId}`;
/** A change order an allowance made, on the project's Change orders tab. */
export const projectChangeOrderUrl = (projectId: number, changeOrderId: number) => `/staff/projects/${projectId}/change-orders/${changeOrderId}`;
