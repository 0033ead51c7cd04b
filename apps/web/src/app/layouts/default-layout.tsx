import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { ColorBar } from '../../components/color-bar';
import { PageSpinner } from '../../components/ui/page-spinner';
import { defaultLayoutRoute } from './portal-route';
import { SiteHeader } from './site-header';
import { usePortalBrand } from './use-portal-brand';

export function DefaultLayout() {
  const { queryClient } = defaultLayoutRoute.useLoaderData();
  return (
    <QueryClientProvider client={queryClient}>
      <DefaultLayoutPage />
    </QueryClientProvider>
  );
}

function DefaultLayoutPage() {
  const search = defaultLayoutRoute.useSearch();
  const { brand, company } = usePortalBrand(search);
  return (
    <div className="flex min-h-dvh flex-col">
      <ColorBar />
      <SiteHeader entity={search.entity} brand={brand} company={company} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">{brand.ready ? <Outlet /> : <PageSpinner />}</main>
    </div>
  );
}
