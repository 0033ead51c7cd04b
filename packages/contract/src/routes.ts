/**
 * Every path of the web app (docs/requirements.md 2.1, the account pages and the signed-in devices page). The server answers 404 for
 * any other page path, and the web router's table is tested against this list.
 */
export const APP_ROUTES = [
  '/',
  '/login',
  '/auth/passwordless/login',
  '/notes',
  '/photos',
  '/contact',
  '/invoices',
  '/proposals',
  '/change-orders',
  '/selections',
  '/selections/$selectionId',
  '/documents',
  '/calendar',
  '/account/sessions',
  '/account',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/account/notifications',
  '/unsubscribe',
  '/invitation',
  '/staff',
  '/staff/login',
  '/staff/invitation',
  '/staff/projects',
  '/staff/projects/new',
  '/staff/passwordless',
  '/staff/projects/$projectId',
  '/staff/projects/$projectId/photos',
  '/staff/projects/$projectId/photos/$albumId',
  '/staff/inbox',
  '/staff/audit-log',
  '/staff/profile',
  '/staff/projects/$projectId/customers',
  '/staff/projects/$projectId/notes',
  '/staff/projects/$projectId/documents',
  '/staff/projects/$projectId/invoices',
  '/staff/projects/$projectId/invoices/new',
  '/staff/projects/$projectId/invoices/$invoiceId',
  '/staff/projects/$projectId/invoices/$invoiceId/edit',
  '/staff/projects/$projectId/proposals',
  '/staff/projects/$projectId/proposals/new',
  '/staff/projects/$projectId/proposals/$proposalId',
  '/staff/projects/$projectId/change-orders',
  '/staff/projects/$projectId/change-orders/new',
  '/staff/projects/$projectId/change-orders/$changeOrderId',
  '/staff/projects/$projectId/selections',
  '/staff/projects/$projectId/selections/new',
  '/staff/projects/$projectId/selections/$selectionId',
  '/staff/projects/$projectId/schedule',
  '/staff/settings',
  '/staff/settings/areas',
  '/staff/settings/staff',
  '/staff/settings/api-keys',
  '/staff/settings/webhooks',
] as const;
export type AppRoute = (typeof APP_ROUTES)[number];

// A `$name` segment of a route stands for a record's id: a canonical positive integer.
const ROUTE_PATTERNS = APP_ROUTES.map((route) => new RegExp(`^${route.replace(/\$[A-Za-z]+/g, '[1-9][0-9]{0,9}')}$`));

/** A path of the app, with or without a trailing slash. */
export function isAppRoute(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_PATTERNS.some((pattern) => pattern.test(normalized));
}

/** The sign-in pages (docs/requirements.md 3.1), with or without a trailing slash: the server answers them with the sign-in build (docs/decisions/089-sign-in-pages-without-the-router.md). */
const SIGN_IN_PATH = /^\/(login|auth\/passwordless\/login)\/?$/;

export function isSignInPath(pathname: string): boolean {
  return SIGN_IN_PATH.test(pathname);
}

/** The password sign-in page, with or without a trailing slash: the one page the build draws into its HTML (docs/decisions/105-the-sign-in-page-drawn-in-its-html.md). */
export const LOGIN_PATH = '/login';

export function isLoginPath(pathname: string): boolean {
  return pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/`;
}

/** Search-engine crawlers and link-preview fetchers: they get a plain 404, never the app's error page. */
export const BOT_USER_AGENT =
  /bot\b|crawler|spider|crawling|slurp|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|skypeuripreview|bitlybot|nuzzel|redditbot|applebot|yandex|baiduspider|duckduckbot|bingpreview|google-inspectiontool|lighthouse-bot/i;

export function isBot(userAgent: string | undefined | null): boolean {
  return Boolean(userAgent && BOT_USER_AGENT.test(userAgent));
}
