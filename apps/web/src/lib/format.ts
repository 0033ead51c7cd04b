import type { PortalEntity, Project } from '@portal/contract';

/**
 * A formatter made the first time it is used. Making an Intl formatter costs milliseconds (the locale's data), and a
 * module that made its formatters as it loaded made them on every page that imports it for anything else: the notes
 * page paid for the money and date formatters it never shows, within the long task that draws the thread.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/*
 * The notes thread's times, days and counts, in en-US (docs/requirements.md 10.9) without Intl: the first Intl
 * formatter a page makes loads the locale's data, 70–140 ms of the main thread on Lighthouse's 4× slower CPU, in the
 * long task that draws the thread. Each gives what Intl's en-US formatter gives (format.test.ts compares them).
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "3:04 PM", where the user is: Intl's `{ hour: 'numeric', minute: '2-digit' }`. */
export function formatClockTime(date: Date): string {
  const hours = date.getHours();
  return `${((hours + 11) % 12) + 1}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Tuesday, March 3", or "Tuesday, March 3, 2025": Intl's long weekday, long month and day, and year when asked. */
export function formatWeekdayDate(date: Date, withYear: boolean): string {
  const day = `${WEEKDAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}`;
  return withYear ? `${day}, ${date.getFullYear()}` : day;
}

/** What an empty value reads as, on every page of the portal and the console: an em dash, never a hyphen. */
export const NO_VALUE = '—';

/** Thousands separators in a string of digits. */
const withSeparators = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** A whole number with thousands separators: "10,000". */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + withSeparators(String(Math.abs(Math.trunc(value))));
}

const usd = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

/**
 * docs/requirements.md 4.4: money as US dollars in en-US format, or NO_VALUE when missing or not numeric. Without Intl,
 * as the notes' formats, for the index page's cards and overview: Intl rounds the number's shortest decimal form half
 * away from zero ("1.005" to $1.01, where toFixed gives 1.00), and so does this, on the digits themselves. A number
 * JavaScript writes with an exponent (below 1e-6, from 1e21) goes to Intl.
 */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return NO_VALUE;
  const decimal = String(Math.abs(amount));
  if (decimal.includes('e')) return usd().format(amount);
  const [whole = '0', fraction = ''] = decimal.split('.');
  let cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  if (fraction.charAt(2) >= '5') cents += 1n;
  const digits = String(cents).padStart(3, '0');
  // Intl keeps the sign of a negative amount that rounds to zero, and of -0: "-$0.00".
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${withSeparators(digits.slice(0, -2))}.${digits.slice(-2)}`;
}

const SHORT_MONTHS = MONTHS.map((month) => month.slice(0, 3));

/**
 * A moment (an API timestamp) as the day it fell on where the user is: "Oct 23, 2026", Intl's medium date, without Intl
 * for the same reason as formatMoney. An invalid timestamp throws as Intl does.
 */
export function formatDay(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${SHORT_MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** A file size as people read it: bytes, then KB (one decimal below 10 KB), then MB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a chosen file will not be sent, or null: it is larger than the server takes, so sending it would only fail. */
export function tooLargeMessage(file: File, maxBytes: number): string | null {
  return file.size > maxBytes ? `${file.name} is larger than ${formatBytes(maxBytes)}: choose a smaller file.` : null;
}

/** A `tel:` link for a phone number as people write it: only its digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** docs/requirements.md 4.4: the address on two lines, street, then "city, state zip". */
export function addressLines(project: Pick<Project, 'address_street' | 'address_city' | 'address_state' | 'address_zip'>): [string, string] {
  const cityState = [project.address_city, project.address_state].filter(Boolean).join(', ');
  return [project.address_street ?? '', [cityState, project.address_zip].filter(Boolean).join(' ')];
}

/** docs/requirements.md 4.4: a maps-service search link built from street, latitude and longitude. */
export function mapsLink(project: Pick<Project, 'address_street' | 'address_latitude' | 'address_longitude'>): string | null {
  const street = project.address_street?.trim();
  const hasPoint = Boolean(project.address_latitude && project.address_longitude);
  if (!street && !hasPoint) return null;
  const params = new URLSearchParams();
  params.set('api', '1');
  params.set('query', hasPoint ? `${project.address_latitude},${project.address_longitude}` : street!);
  if (street && hasPoint) params.set('query', `${street} (${project.address_latitude},${project.address_longitude})`);
  return `https://www.google.com/maps/search/?${params.toString()}`;
}

/** docs/requirements.md 4.3: "Project" for model_type "project", "Unknown" for anything else. */
export function modelTypeLabel(modelType: string): string {
  return modelType === 'project' ? 'Project' : 'Unknown';
}

/** docs/requirements.md 4.3: the type label, a colon, then the project name, or else its street address. */
export function entityLabel(entity: Pick<PortalEntity, 'model_type' | 'model'>): string {
  const type = modelTypeLabel(entity.model_type);
  const name = entity.model?.name?.trim() || entity.model?.address_street?.trim() || '';
  return name ? `${type}: ${name}` : type;
}

const calendarDates = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));

/** A calendar date ("2026-03-02", an invoice's due date) as "Mar 2, 2026", the same day wherever the browser is. */
export function formatCalendarDate(date: string): string {
  return calendarDates().format(new Date(`${date}T00:00:00Z`));
}

/** The browser's own calendar date, `days` from today: what the office means by "today" in a date field. */
export function localDate(days = 0): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

const moments = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** A moment (an API timestamp) with its time where the user is: "Oct 23, 2026, 3:04 PM". */
export function formatMoment(timestamp: string): string {
  return moments().format(new Date(timestamp));
}

/** The minus sign typography uses (U+2212), which reads as one with the digits where a hyphen may break the line. */
export const MINUS = '\u2212';

/**
 * A change order's amount as the customer reads it: a negative amount is a credit to them, so it says so
 * ("−$120.00 credit") rather than leaving a lone minus sign to carry the meaning.
 */
export function formatChangeOrderAmount(amount: string): string {
  const cents = Number(amount);
  if (!Number.isFinite(cents) || cents >= 0) return formatMoney(amount);
  return `${MINUS}${formatMoney(amount.trim().replace(/^-/, ''))} credit`;
}
