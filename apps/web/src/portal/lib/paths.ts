import type { PortalSearchParams } from '../../lib/search';

/**
 * Every URL of the app, from one registry: components never assemble a path by hand.
 * The portal's state (which project, which company, which theme) travels in the query.
 */
const to =
  <T extends string>(path: T) =>
  (search: PortalSearchParams = {}) => ({ to: path, search });

export const paths = {
  index: to('/'),
  login: to('/login'),
  passwordlessLogin: to('/auth/passwordless/login'),
  notes: to('/notes'),
  photos: to('/photos'),
  contact: to('/contact'),
  invoices: to('/invoices'),
  proposals: to('/proposals'),
  changeOrders: to('/change-orders'),
  selections: to('/selections'),
  documents: to('/documents'),
  calendar: to('/calendar'),
  sessions: to('/account/sessions'),
  account: to('/account'),
  notifications: to('/account/notifications'),
  forgotPassword: to('/forgot-password'),
} as const;

/** The account page's calendar feed section, which the calendar page's "Subscribe to this calendar" opens at. */
export const CALENDAR_FEED_SECTION_ID = 'calendar-feed';
