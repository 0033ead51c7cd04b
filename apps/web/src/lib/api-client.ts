import type { ApiError } from '@portal/contract';
import { authToken, staffToken } from './auth-token';

/** API base = configured API URL + API path (docs/requirements.md 8.1); both default to this origin's /api. */
export function apiBase(env: { VITE_API_URL?: string; VITE_API_PATH?: string } = import.meta.env): string {
  const url = (env.VITE_API_URL ?? '').replace(/\/+$/, '');
  const path = `/${(env.VITE_API_PATH ?? '/api').replace(/^\/+|\/+$/g, '')}`;
  return `${url}${path}`;
}

/** A refused request: the status and the API's error body, when it sent one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiError> | null,
  ) {
    super(body?.message || `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
  }
  fieldErrors(): Record<string, string[]> {
    return this.body?.errors ?? {};
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; undefined, null and '' are left out. */
  query?: Record<string, QueryValue> | URLSearchParams;
  body?: unknown;
  signal?: AbortSignal;
  /** Sends no credential even when a token is stored (the theme lookup). */
  anonymous?: boolean;
  /** A staff console call: sends the staff token; a 401 ends the console's sign-in, never the portal's. */
  staff?: boolean;
}

let unauthorizedHandler: ((error: ApiRequestError) => void) | null = null;
/** The app decides what a 401 does (docs/requirements.md 9): sign out, go to /login, say why. */
export function onUnauthorized(handler: (error: ApiRequestError) => void) {
  unauthorizedHandler = handler;
}

/**
 * A session that expires answers 401 to every request the page had on its way: only the first
 * signs the user out, the others find their token already gone (and their answers cut short by
 * the move to /login) and add nothing. A request sent with an older token than the stored one
 * (a new sign-in meanwhile) signs nobody out either.
 */
function reportUnauthorized(error: ApiRequestError, sentWith: string | null) {
  if (sentWith !== null && authToken.get() !== sentWith) return;
  unauthorizedHandler?.(error);
}

/**
 * One API call. `T` is the answer's type from the contract (`apiRequest<Note>(…)`): the browser
 * does not parse answers again, the server answers from the same schemas (decision 015). A 204
 * answers undefined.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const params =
    options.query instanceof URLSearchParams
      ? options.query
      : new URLSearchParams(
          Object.entries(options.query ?? {})
            .filter(([, value]) => value !== undefined && value !== null && value !== '')
            .map(([key, value]) => [key, String(value)]),
        );
  const search = params.toString();
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.anonymous ? null : options.staff ? staffToken.get() : authToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.anonymous) headers.Authorization = '';
  // A FormData body (an upload) sets its own multipart Content-Type, boundary included.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  const response = await fetch(`${apiBase()}${path}${search ? `?${search}` : ''}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });

  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ApiError> | null;
    const error = new ApiRequestError(response.status, body);
    if (response.status === 401 && options.staff) {
      if (token !== null && staffToken.get() === token) staffToken.remove();
    } else if (response.status === 401 && !options.anonymous) reportUnauthorized(error, token);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The file name of a Content-Disposition header (`attachment; filename="invoice-INV-1001.pdf"`), or null. */
export function dispositionFileName(header: string | null): string | null {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match ? match[1]! : null;
}

/**
 * A file from the API (a PDF) with the same credential and the same 401 handling as apiRequest (`staff`: the console's):
 * a download behind the bearer token, which a plain link cannot carry.
 */
export async function apiDownload(path: string, options: { signal?: AbortSignal; staff?: boolean } = {}): Promise<{ blob: Blob; filename: string | null }> {
  const headers: Record<string, string> = { Accept: 'application/pdf, application/octet-stream, application/json' };
  const token = options.staff ? staffToken.get() : authToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${apiBase()}${path}`, { headers, signal: options.signal ?? null });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ApiError> | null;
    const error = new ApiRequestError(response.status, body);
    if (response.status === 401 && options.staff) {
      if (token !== null && staffToken.get() === token) staffToken.remove();
    } else if (response.status === 401) reportUnauthorized(error, token);
    throw error;
  }
  return { blob: await response.blob(), filename: dispositionFileName(response.headers.get('content-disposition')) };
}
