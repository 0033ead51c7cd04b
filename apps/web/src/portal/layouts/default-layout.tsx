import { QueryClientProvider } from '@tanstack/react-query';
import { getRouteApi, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ColorBar } from '../../components/color-bar';
import { PageSpinner } from '../../components/ui/page-spinner';
import type { PortalSearchParams } from '../../lib/search';
import { PreviewFrame } from './preview-banner';
import { SiteHeader } from './site-header';
import { usePortalBrand } from './use-portal-brand';

// By its id, not the route object: the route loads this file lazily, and importing it back would tie the two in a circle.
const defaultLayoutRoute = getRouteApi('/default');

export function DefaultLayout() {
  const { queryClient } = defaultLayoutRoute.useLoaderData();
  return (
    <QueryClientProvider client={queryClient}>
      <DefaultLayoutPage />
    </QueryClientProvider>
  );
}

function DefaultLayoutPage() {
  return (
    <PortalChrome search={defaultLayoutRoute.useSearch()}>
      <Outlet />
    </PortalChrome>
  );
}

/**
 * The colour bar and header of the portal around a page, branded by the query. A page waits for
 * the brand, so it never shows in the wrong colours; an error page (`always`) has nothing to wait for.
 */
export function PortalChrome({ search, always = false, children }: { search: PortalSearchParams; always?: boolean; children: ReactNode }) {
  const { brand, company } = usePortalBrand(search);
  return (
    <div className="flex min-h-dvh flex-col">
      <PreviewFrame>
        <ColorBar />
        <SiteHeader entity={search.entity} brand={brand} company={company} />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">{brand.ready || always ? children : <PageSpinner />}</main>
      </PreviewFrame>
    </div>
  );
}
