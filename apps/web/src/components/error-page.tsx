import { Link } from '@tanstack/react-router';

export const ERROR_TITLES = { 404: 'Page Not Found', 500: 'Internal Server Error' } as const;

interface ErrorPageProps {
  /** Defaults to 500: a fatal or unhandled error (docs/product.md 9). */
  status?: number;
  title?: string;
  message?: string;
}

/** The error page of docs/product.md 2.3: a not-found variant for 404 and a server-error variant for everything else. */
export function ErrorPage({ status = 500, title, message }: ErrorPageProps) {
  const heading = title ?? (status === 404 ? ERROR_TITLES[404] : ERROR_TITLES[500]);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-portal">{status}</p>
      <h1 className="text-2xl font-semibold">{heading}</h1>
      {message ? <p className="text-slate-600">{message}</p> : null}
      <Link
        to="/"
        className="mt-2 inline-flex items-center rounded-full bg-slate-900 px-6 py-3 font-medium text-white hover:bg-slate-700"
      >
        Back to your projects
      </Link>
    </main>
  );
}
