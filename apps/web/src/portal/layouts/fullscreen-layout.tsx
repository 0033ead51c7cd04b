import { QueryClientProvider } from '@tanstack/react-query';
import { getRouteApi, Link, Outlet } from '@tanstack/react-router';
import { ColorBar } from '../../components/color-bar';
import { PageSpinner } from '../../components/ui/page-spinner';
import { PreviewFrame } from './preview-banner';
import { usePortalBrand } from './use-portal-brand';

// By its id, not the route object: the route loads this file lazily, and importing it back would tie the two in a circle.
const fullscreenLayoutRoute = getRouteApi('/fullscreen');

/** A page that needs the whole screen (the notes thread): only a way back above it. */
export function FullscreenLayout() {
  const { queryClient } = fullscreenLayoutRoute.useLoaderData();
  return (
    <QueryClientProvider client={queryClient}>
      <FullscreenLayoutPage />
    </QueryClientProvider>
  );
}

function FullscreenLayoutPage() {
  const search = fullscreenLayoutRoute.useSearch();
  const { brand } = usePortalBrand(search);
  return (
    <div className="flex h-dvh flex-col">
      <PreviewFrame>
        <ColorBar />
        <header className="flex items-center gap-4 border-b border-slate-200 bg-white px-4 py-2">
          <Link to="/" search={{ entity: search.entity }} className="rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
            ← Back to project
          </Link>
          {brand.name ? <span className="truncate text-sm font-medium text-slate-700">{brand.name}</span> : null}
        </header>
        <main className="flex min-h-0 flex-1 flex-col">{brand.ready ? <Outlet /> : <PageSpinner />}</main>
      </PreviewFrame>
    </div>
  );
}
