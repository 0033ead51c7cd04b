import { Component, lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { isLoginPath, isSignInPath } from '@portal/contract/routes';
import { SignInNavigationProvider, type SignInNavigation } from '../components/sign-in-navigation';
import { Toasts } from '../components/toasts';
import { LoginPage } from './features/auth/components/login-page';
import { authToken } from '../lib/auth-token';
import { validateSignInSearch } from '../lib/search';
import { startVersionCheck } from '../lib/version-check';
import { parseSearch } from '../lib/search-string';
import { AuthCard } from '../root/auth-card';
import { preloadPortal } from './portal-preload';

/**
 * The sign-in build (docs/decisions/089-sign-in-pages-without-the-router.md): the server answers the two sign-in
 * pages with it, so a first visit downloads React and the sign-in page, not the router and its route table. It draws
 * the page only while nobody is signed in and the query is one the full app would accept; anything else, and the
 * first navigation away, hands the address over to the full app, which then runs as it would have from the start
 * (its own rules send a signed-in visitor on, and show a bad query's 404). The full app composes the portal and the
 * console, so the portal does not import it: the entry hands its loader in (sign-in.tsx).
 */
export type LoadFullApp = () => Promise<{ App: ComponentType }>;

const PasswordlessLoginPage = lazy(() =>
  import('./features/auth/components/passwordless-login-page').then((module) => ({ default: module.PasswordlessLoginPage })),
);

/** The theme code of a query the full app accepts; null for a query it would answer with its 404. */
function themeOf(search: Record<string, unknown>): { theme: string | undefined } | null {
  try {
    return { theme: validateSignInSearch(search).theme };
  } catch {
    return null;
  }
}

/** Whether this build may draw the page at this address, or must hand it over at once. */
export function drawsSignInPage(pathname: string, search: Record<string, unknown>): boolean {
  return authToken.get() === null && isSignInPath(pathname) && themeOf(search) !== null;
}

/** The address the build starts at, and whether it draws the page there: read once, by the entry or the build's prerender. */
export interface SignInStart {
  pathname: string;
  searchStr: string;
  drawn: boolean;
}

/** The address a start is at, path and query: what the build's drawn page is marked with and the entry compares. */
export const addressOf = (start: SignInStart) => `${start.pathname}${start.searchStr}`;

export function signInStart(): SignInStart {
  const { pathname, search: searchStr } = window.location;
  return { pathname, searchStr, drawn: drawsSignInPage(pathname, parseSearch(searchStr)) };
}

/** An error in the page hands over to the full app, whose router has the error pages. */
class HandOverOnError extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Runs `run` once this point of the tree is on the screen: committed, and hydrated where the HTML drew it. */
function Shown({ run }: { run: (() => void) | undefined }) {
  useEffect(() => run?.(), [run]);
  return null;
}

/**
 * `onShown` runs once a page of the app is on the screen: the sign-in page, hydrated to its last field, or the full
 * app's (the entry then lets go of the page its HTML drew, docs/decisions/105-the-sign-in-page-drawn-in-its-html.md).
 * Never before: while the full app's code loads, the HTML's "Loading…" stays.
 */
export function SignInApp({ start, loadApp, onShown }: { start: SignInStart; loadApp: LoadFullApp; onShown?: () => void }) {
  const { pathname, searchStr, drawn } = start;
  // A failure while only preloading is the hand-over's to deal with, when it imports the same chunk.
  const preloadApp = useMemo(() => () => void loadApp().catch(() => undefined), [loadApp]);
  const search = useMemo(() => parseSearch(searchStr), [searchStr]);
  const [App, setApp] = useState<ComponentType | null>(null);

  const navigation = useMemo<SignInNavigation>(() => {
    const handOver = () =>
      loadApp().then(
        (module) => setApp(() => module.App),
        // The full app's code did not arrive: the page at the new address, loaded whole.
        () => window.location.reload(),
      );
    return {
      search,
      searchStr,
      go: (href, options) => {
        window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', href);
        if (authToken.get() !== null) preloadPortal();
        void handOver();
      },
      preload: preloadApp,
    };
  }, [loadApp, preloadApp, search, searchStr]);

  // The full app polls for a new release on every page; until it takes over, this build does.
  useEffect(() => (App ? undefined : startVersionCheck()), [App]);
  useEffect(() => {
    if (!drawn) navigation.go(`${pathname}${searchStr}`, { replace: true });
  }, [drawn, navigation, pathname, searchStr]);
  if (App)
    return (
      <>
        <App />
        <Shown run={onShown} />
      </>
    );
  if (!drawn) return null;

  return (
    <>
      {/* The card shows with its page, as the router shows a route once its code is there: never a card without its heading. */}
      <Suspense fallback={null}>
        <AuthCard themeCode={themeOf(search)?.theme}>
          <SignInNavigationProvider value={navigation}>
            {/* Signing in takes a password hash on the server: the full app and the portal load meanwhile. */}
            <div
              className="contents"
              onSubmit={() => {
                preloadApp();
                preloadPortal();
              }}
            >
              <HandOverOnError onError={() => navigation.go(`${pathname}${searchStr}`, { replace: true })}>
                {/* Drawn only on a sign-in path (isSignInPath): /login, or else the passwordless page. */}
                {isLoginPath(pathname) ? <LoginPage /> : <PasswordlessLoginPage />}
                {/* Inside the page's Suspense boundary, which React 19 may hydrate after the rest of the tree. */}
                <Shown run={onShown} />
              </HandOverOnError>
            </div>
          </SignInNavigationProvider>
        </AuthCard>
      </Suspense>
      <Toasts />
    </>
  );
}
