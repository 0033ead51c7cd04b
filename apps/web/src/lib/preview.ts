import type { Preview } from '@portal/contract';
import { PREVIEW_STORAGE_KEY } from '@portal/contract/constants';

/**
 * A staff member's "Preview as customer" in this tab (docs/staff-console.md): the customer's read-only session and
 * what the banner needs. It lives in sessionStorage, so it belongs to the one tab the console opened and never
 * replaces a sign-in kept in localStorage (the console's, or a customer's on a shared computer).
 */
export interface PreviewState {
  token: string;
  /** The customer's name as the banner says it. */
  name: string;
  /** The console's project, where "End preview" goes back to. */
  projectId: number;
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function parse(raw: string | null): PreviewState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PreviewState>;
    if (typeof value.token !== 'string' || typeof value.name !== 'string' || typeof value.projectId !== 'number') return null;
    return { token: value.token, name: value.name, projectId: value.projectId };
  } catch {
    return null;
  }
}

export const previewSession = {
  get: (): PreviewState | null => parse(storage()?.getItem(PREVIEW_STORAGE_KEY) ?? null),
  start: (state: PreviewState) => storage()?.setItem(PREVIEW_STORAGE_KEY, JSON.stringify(state)),
  end: () => storage()?.removeItem(PREVIEW_STORAGE_KEY),
};

/** How the banner names the customer: their name, else their address. */
export function customerName(user: { email: string; first_name: string | null; last_name: string | null }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
}

const FRAGMENT_KEY = 'preview';

/**
 * Where the console sends the new tab: the portal on the project, with the preview in the fragment, which no server
 * and no Referer ever sees; the tab moves it into its own storage at once (adoptPreview).
 */
export function previewUrl(preview: Preview): string {
  const state: PreviewState = { token: preview.token, name: customerName(preview.portal_user), projectId: preview.project_id };
  return `/?entity=${preview.entity_id}#${FRAGMENT_KEY}=${encodeURIComponent(JSON.stringify(state))}`;
}

/** Before the app starts: a preview handed over in the fragment goes into this tab's storage and out of the address bar. */
export function adoptPreview(location: Location = window.location, history: History = window.history): void {
  const match = new RegExp(`^#${FRAGMENT_KEY}=(.+)$`).exec(location.hash);
  if (!match) return;
  const state = parse(decodeURIComponent(match[1]!));
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  if (state) previewSession.start(state);
}
