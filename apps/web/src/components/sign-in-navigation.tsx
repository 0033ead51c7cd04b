import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import { stringifySearch } from '../lib/search-string';

/**
 * How a sign-in page reads its query and leaves for another page, without naming the router: the same page runs in
 * the full app (the router behind it) and in the sign-in build, which has no router at all and hands over to the full
 * app on the first navigation (docs/decisions/089-sign-in-pages-without-the-router.md).
 */
export interface SignInNavigation {
  /** The query as the router parses it (values read as JSON where they are). */
  search: Record<string, unknown>;
  /** The query as it stands in the address bar: `?…`, or empty. */
  searchStr: string;
  go(href: string, options?: { replace?: boolean }): void;
  /** Starts loading what the page at `href` needs (the user is pointing at a link to it). */
  preload(href: string): void;
}

const SignInNavigationContext = createContext<SignInNavigation | null>(null);

export function SignInNavigationProvider({ value, children }: { value: SignInNavigation; children: ReactNode }) {
  return <SignInNavigationContext.Provider value={value}>{children}</SignInNavigationContext.Provider>;
}

export function useSignInNavigation(): SignInNavigation {
  const navigation = useContext(SignInNavigationContext);
  if (!navigation) throw new Error('A sign-in page needs a SignInNavigationProvider above it.');
  return navigation;
}

/** A plain click that the page should handle itself: not a new tab or window, not a download. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}

/** A link between sign-in pages: a real `<a href>` (a new tab works), followed in the page on a plain click. */
export function SignInLink({ to, search, className, children }: { to: string; search: Record<string, unknown>; className?: string; children: ReactNode }) {
  const navigation = useSignInNavigation();
  // The router writes queries with the same function, so this is the address it would give the link.
  const href = `${to}${stringifySearch(search)}`;
  return (
    <a
      href={href}
      className={className}
      onPointerEnter={() => navigation.preload(href)}
      onFocus={() => navigation.preload(href)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigation.go(href);
      }}
    >
      {children}
    </a>
  );
}
