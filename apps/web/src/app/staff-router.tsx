import type { DataLayer } from './data-layer';
import { authLayoutRoute } from './layouts/auth-layout';
import { createAppRouter } from './app-router';
import { rootRoute } from './routes/root';
import {
  staffAuditLogRoute,
  staffHomeRoute,
  staffInboxRoute,
  staffInvitationRoute,
  staffLayoutRoute,
  staffLoginRoute,
  staffNewProjectRoute,
  staffPasswordlessRoute,
  staffProjectAlbumRoute,
  staffProjectCustomersRoute,
  staffProjectDocumentsRoute,
  staffProjectEditInvoiceRoute,
  staffProjectInvoiceRoute,
  staffProjectInvoicesRoute,
  staffProjectNewInvoiceRoute,
  staffProjectNotesRoute,
  staffProjectOverviewRoute,
  staffProjectPhotosRoute,
  staffProjectNewProposalRoute,
  staffProjectProposalRoute,
  staffProjectProposalsRoute,
  staffProjectRoute,
  staffProjectScheduleRoute,
  staffProjectsRoute,
  staffProfileRoute,
  staffSettingsApiKeysRoute,
  staffSettingsAreasRoute,
  staffSettingsBrandingRoute,
  staffSettingsRoute,
  staffSettingsStaffRoute,
  staffSettingsWebhooksRoute,
} from './routes/staff';

/** The console's sign-in pages, in the portal's sign-in card. */
export function staffSignInRoutes() {
  return [staffLoginRoute, staffInvitationRoute, staffPasswordlessRoute] as const;
}

/** The staff console (docs/staff-console.md) under its own layout. */
export function staffLayouts() {
  return [
    staffLayoutRoute.addChildren([
      staffHomeRoute,
      staffProjectsRoute,
      staffNewProjectRoute,
      staffProjectRoute.addChildren([
        staffProjectOverviewRoute,
        staffProjectPhotosRoute,
        staffProjectAlbumRoute,
        staffProjectCustomersRoute,
        staffProjectNotesRoute,
        staffProjectDocumentsRoute,
        staffProjectInvoicesRoute,
        staffProjectNewInvoiceRoute,
        staffProjectInvoiceRoute,
        staffProjectEditInvoiceRoute,
        staffProjectProposalsRoute,
        staffProjectNewProposalRoute,
        staffProjectProposalRoute,
        staffProjectScheduleRoute,
      ]),
      staffInboxRoute,
      staffAuditLogRoute,
      staffProfileRoute,
      staffSettingsRoute.addChildren([
        staffSettingsBrandingRoute,
        staffSettingsAreasRoute,
        staffSettingsStaffRoute,
        staffSettingsApiKeysRoute,
        staffSettingsWebhooksRoute,
      ]),
    ]),
  ] as const;
}

/** The console's pages alone, loaded for the console's addresses (docs/decisions/101-the-portal-and-the-console-route-apart.md). */
export function staffRouteTree() {
  return rootRoute.addChildren([authLayoutRoute.addChildren(staffSignInRoutes()), ...staffLayouts()]);
}

export function createStaffRouter(dataLayer: DataLayer) {
  return createAppRouter(dataLayer, staffRouteTree(), true);
}
