import { createRouter } from '@tanstack/react-router';
import { parseSearch, stringifySearch } from '../lib/search-string';
import type { DataLayer } from './data-layer';
import { authLayoutRoute } from './layouts/auth-layout';
import { accountRoute } from './routes/account';
import { confirmEmailRoute, forgotPasswordRoute, invitationRoute, resetPasswordRoute } from './routes/account-links';
import { defaultLayoutRoute, fullscreenLayoutRoute } from './layouts/portal-route';
import { calendarRoute } from './routes/calendar';
import { contactRoute } from './routes/contact';
import { documentsRoute } from './routes/documents';
import { indexRoute } from './routes/index';
import { invoicesRoute } from './routes/invoices';
import { proposalsRoute } from './routes/proposals';
import { loginRoute } from './routes/login';
import { notesRoute } from './routes/notes';
import { passwordlessLoginRoute } from './routes/passwordless-login';
import { photosRoute } from './routes/photos';
import { rootRoute } from './routes/root';
import { sessionsRoute } from './routes/sessions';
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
  staffSettingsApiKeysRoute,
  staffSettingsAreasRoute,
  staffSettingsBrandingRoute,
  staffSettingsRoute,
  staffSettingsStaffRoute,
  staffSettingsWebhooksRoute,
} from './routes/staff';
import { notificationsRoute, unsubscribeRoute } from './routes/notifications';

/** The eight screens of docs/requirements.md 2.1 under their three layouts, the account pages and the signed-in devices page. */
export const routeTree = rootRoute.addChildren([
  authLayoutRoute.addChildren([
    loginRoute,
    passwordlessLoginRoute,
    forgotPasswordRoute,
    resetPasswordRoute,
    confirmEmailRoute,
    unsubscribeRoute,
    invitationRoute,
    staffLoginRoute,
    staffInvitationRoute,
    staffPasswordlessRoute,
  ]),
  defaultLayoutRoute.addChildren([
    indexRoute,
    photosRoute,
    contactRoute,
    invoicesRoute,
    proposalsRoute,
    documentsRoute,
    calendarRoute,
    sessionsRoute,
    accountRoute,
    notificationsRoute,
  ]),
  fullscreenLayoutRoute.addChildren([notesRoute]),
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
    staffSettingsRoute.addChildren([
      staffSettingsBrandingRoute,
      staffSettingsAreasRoute,
      staffSettingsStaffRoute,
      staffSettingsApiKeysRoute,
      staffSettingsWebhooksRoute,
    ]),
  ]),
]);

export function createPortalRouter(dataLayer: DataLayer) {
  return createRouter({
    routeTree,
    context: { dataLayer },
    defaultPreload: 'intent',
    scrollRestoration: true,
    // The sign-in build reads and writes queries with the same functions (docs/decisions/089-sign-in-pages-without-the-router.md).
    parseSearch,
    stringifySearch,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createPortalRouter>;
  }
}
