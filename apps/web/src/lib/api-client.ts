import type { ApiError } from '@portal/contract';
import type { z } from 'zod';
import { authToken } from './auth-token';

/** API base = configured API URL + API path (spec §7); both default to this origin's /api. */
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

export interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; undefined, null and '' are left out. */
  query?: Record<string, QueryValue> | URLSearchParams;
  body?: unknown;
  /** Validates and types the answer; a 204 answers undefined. */
  schema?: T;
  signal?: AbortSignal;
  /** Sends no credential even when a token is stored (the theme lookup). */
  anonymous?: boolean;
}

let unauthorizedHandler: ((error: ApiRequestError) => void) | null = null;
/** The app decides what a 401 does (spec §8): sign out, go to /login, say why. */
export function onUnauthorized(handler: (error: ApiRequestError) => void) {
  unauthorizedHandler = handler;
}

export async function apiRequest<T extends z.ZodType = z.ZodUnknown>(path: string, options: RequestOptions<T> = {}): Promise<z.infer<T>> {
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
  const token = options.anonymous ? null : authToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.anonymous) headers.Authorization = '';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(`${apiBase()}${path}${search ? `?${search}` : ''}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });

  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ApiError> | null;
    const error = new ApiRequestError(response.status, body);
    if (response.status === 401 && !options.anonymous) unauthorizedHandler?.(error);
    throw error;
  }
  if (response.status === 204) return undefined as z.infer<T>;
  const data: unknown = await response.json();
  return (options.schema ? options.schema.parse(data) : data) as z.infer<T>;
}
