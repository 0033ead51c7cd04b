import { authLayoutRoute } from '../root/auth-layout';
import { accountRoute } from './routes/account';
import { confirmEmailRoute, forgotPasswordRoute, invitationRoute, resetPasswordRoute } from './routes/account-links';
import { defaultLayoutRoute, fullscreenLayoutRoute } from './layouts/portal-route';
import { calendarRoute } from './routes/calendar';
import { contactRoute } from './routes/contact';
import { documentsRoute } from './routes/documents';
import { indexRoute } from './routes/index';
import { invoicesRoute } from './routes/invoices';
import { proposalsRoute } from './routes/proposals';
import { changeOrdersRoute } from './routes/change-orders';
import { selectionRoute, selectionsRoute } from './routes/selections';
import { loginRoute } from './routes/login';
import { notesRoute } from './routes/notes';
import { passwordlessLoginRoute } from './routes/passwordless-login';
import { photosRoute } from './routes/photos';
import { rootRoute } from '../root/root';
import { sessionsRoute } from './routes/sessions';
import { notificationsRoute, unsubscribeRoute } from './routes/notifications';

/** The portal's sign-in and account-link pages, in the sign-in card. */
export function portalSignInRoutes() {
  return [loginRoute, passwordlessLoginRoute, forgotPasswordRoute, resetPasswordRoute, confirmEmailRoute, unsubscribeRoute, invitationRoute] as const;
}

/** The eight screens of docs/requirements.md 2.1 under their two signed-in layouts, the account pages and the signed-in devices page. */
export function portalLayouts() {
  return [
    defaultLayoutRoute.addChildren([
      indexRoute,
      photosRoute,
      contactRoute,
      invoicesRoute,
      proposalsRoute,
      changeOrdersRoute,
      selectionsRoute,
      selectionRoute,
      documentsRoute,
      calendarRoute,
      sessionsRoute,
      accountRoute,
      notificationsRoute,
    ]),
    fullscreenLayoutRoute.addChildren([notesRoute]),
  ] as const;
}

/**
 * The portal's pages alone: its customers' first load neither downloads nor builds the console's routes
 * (docs/decisions/101-the-portal-and-the-console-route-apart.md). Each app builds only its own tree, once: the two
 * share the root and the sign-in layout, whose children a tree sets.
 */
export function portalRouteTree() {
  return rootRoute.addChildren([authLayoutRoute.addChildren(portalSignInRoutes()), ...portalLayouts()]);
}
