import { authLayoutRoute } from '../root/auth-layout';
import { rootRoute } from '../root/root';
import { staffAuditLogRoute } from './routes/audit-log';
import { staffProjectChangeOrderRoute, staffProjectChangeOrdersRoute, staffProjectNewChangeOrderRoute } from './routes/change-orders';
import { staffProjectDocumentsRoute } from './routes/documents';
import { staffHomeRoute } from './routes/home';
import { staffInboxRoute } from './routes/inbox';
import { staffProjectEditInvoiceRoute, staffProjectInvoiceRoute, staffProjectInvoicesRoute, staffProjectNewInvoiceRoute } from './routes/invoices';
import { staffLayoutRoute } from './routes/layout';
import { staffProjectNotesRoute } from './routes/notes';
import { staffProjectAlbumRoute, staffProjectPhotosRoute } from './routes/photos';
import { staffProfileRoute } from './routes/profile';
import { staffNewProjectRoute, staffProjectCustomersRoute, staffProjectOverviewRoute, staffProjectRoute, staffProjectsRoute } from './routes/projects';
import { staffProjectNewProposalRoute, staffProjectProposalRoute, staffProjectProposalsRoute } from './routes/proposals';
import { staffProjectScheduleRoute } from './routes/schedule';
import { staffProjectNewSelectionRoute, staffProjectSelectionRoute, staffProjectSelectionsRoute } from './routes/selections';
import {
  staffSettingsApiKeysRoute,
  staffSettingsAreasRoute,
  staffSettingsBrandingRoute,
  staffSettingsRoute,
  staffSettingsStaffRoute,
  staffSettingsWebhooksRoute,
} from './routes/settings';
import { staffInvitationRoute, staffLoginRoute, staffPasswordlessRoute } from './routes/sign-in';

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
        staffProjectChangeOrdersRoute,
        staffProjectNewChangeOrderRoute,
        staffProjectChangeOrderRoute,
        staffProjectSelectionsRoute,
        staffProjectNewSelectionRoute,
        staffProjectSelectionRoute,
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
