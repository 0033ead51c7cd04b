import { createRoute, Outlet } from '@tanstack/react-router';
import { ColorBar } from '../../components/color-bar';
import { PageSpinner } from '../../components/ui/page-spinner';
import { rootRoute } from '../routes/root';
import { portalRouteOptions } from './portal-route';
import { SiteHeader } from './site-header';
import { usePortalBrand } from './use-portal-brand';

export function DefaultLayout() {
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

export const defaultLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'default',
  ...portalRouteOptions,
  component: DefaultLayout,
});
