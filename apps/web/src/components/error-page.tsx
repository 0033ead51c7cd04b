import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCompanyTheme } from '../lib/company-theme';
import { usePortalColor } from '../lib/portal-color';
import { salvagePortalSearch } from '../lib/search';
import { ColorBar } from './color-bar';

export const ERROR_TITLES = { 404: 'Page Not Found', 500: 'Internal Server Error' } as const;

export interface ErrorPageProps {
  /** Defaults to 500: a fatal or unhandled error (docs/requirements.md 9). */
  status?: number;
  title?: string;
  message?: string;
}

/** The way out of an error page: a button-like link. */
export const ERROR_PAGE_ACTION_CLASS = 'mt-2 inline-flex items-center rounded-full bg-slate-900 px-6 py-3 font-medium text-white hover:bg-slate-700';

/** The error page's words, and the way out it is given: it needs no router (the app's code may be what failed). */
export function ErrorMessage({ status = 500, title, message, children }: ErrorPageProps & { children: ReactNode }) {
  const heading = title ?? (status === 404 ? ERROR_TITLES[404] : ERROR_TITLES[500]);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-portal">{status}</p>
      <h1 className="text-2xl font-semibold">{heading}</h1>
      {message ? <p className="text-slate-600">{message}</p> : null}
      {children}
    </div>
  );
}

/**
 * The error page of docs/requirements.md 2.3: a not-found variant for 404 and a server-error variant for everything else. The
 * content only: the page around it (the portal's header, or a bare colour bar) brings the `main`.
 * The way back keeps the company's theme, and only that: the rest of the query may be what failed.
 */
export function ErrorPage({ theme, ...props }: ErrorPageProps & { theme?: string | undefined }) {
  return (
    <ErrorMessage {...props}>
      <Link to="/" search={{ theme }} className={ERROR_PAGE_ACTION_CLASS}>
        Back to your projects
      </Link>
    </ErrorMessage>
  );
}

/** An error page with no portal around it (a sign-in page failed): the colour bar, in the theme's colour when the query names one. */
export function BareErrorPage(props: ErrorPageProps) {
  const { theme: code } = salvagePortalSearch(useLocation().search);
  const theme = useCompanyTheme(code);
  usePortalColor(theme.data?.color);
  return (
    <BareErrorLayout>
      <ErrorPage {...props} theme={code} />
    </BareErrorLayout>
  );
}

/** The page around an error with no portal around it: the colour bar and the page's `main`. */
export function BareErrorLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <ColorBar />
      <main className="flex-1">{children}</main>
    </div>
  );
}
