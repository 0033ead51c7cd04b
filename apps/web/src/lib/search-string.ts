/**
 * The query string as the portal reads and writes it, given to the router (parseSearch, stringifySearch) and used by
 * the sign-in build, which has no router (docs/decisions/089-sign-in-pages-without-the-router.md): one reading for
 * both, so a link written on a sign-in page is the link the router would write. The rules are TanStack Router's
 * defaults: a value that reads as JSON (a number, true, false, null, an array or object, a quoted string) is that
 * value, anything else is the text; when written, a text that would read back as something else is quoted.
 */
const JSON_START = /^(?:\s|["[{\d-]|fa|nu|tr)/;

/** A value as URLSearchParams gives it: numbers and booleans in their plain form are those values. */
function plainValue(text: string): unknown {
  if (!text) return '';
  if (text === 'false') return false;
  if (text === 'true') return true;
  return Number(text) * 0 === 0 && `${Number(text)}` === text ? Number(text) : text;
}

export function parseSearch(searchStr: string): Record<string, unknown> {
  const query: Record<string, unknown> = Object.create(null);
  for (const [key, text] of new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)) {
    const previous = query[key];
    const value = plainValue(text);
    if (previous == null) query[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else query[key] = [previous, value];
  }
  for (const key in query) {
    const value = query[key];
    if (typeof value !== 'string' || !JSON_START.test(value)) continue;
    try {
      query[key] = JSON.parse(value);
    } catch {
      // Not JSON: the text itself.
    }
  }
  return query;
}

function writtenValue(value: unknown): string {
  if (value && typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  if (typeof value === 'string' && JSON_START.test(value)) {
    try {
      JSON.parse(value);
      return JSON.stringify(value);
    } catch {
      return value;
    }
  }
  return String(value);
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const key in search) {
    if (search[key] !== undefined) params.set(key, writtenValue(search[key]));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
