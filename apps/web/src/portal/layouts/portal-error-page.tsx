import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import { use, useMemo } from 'react';
import { BareErrorPage, ErrorPage, type ErrorPageProps } from '../../components/error-page';
import { salvagePortalSearch } from '../../lib/search';
import type { DataLayer } from '../../root/data-layer';
import { PortalChrome } from './default-layout';

/** One promise per data layer, as `use` wants; null when it cannot load (a deployment removed its chunk). */
const clients = new WeakMap<DataLayer, Promise<QueryClient | null>>();
function queryClientOf(dataLayer: DataLayer): Promise<QueryClient | null> {
  let client = clients.get(dataLayer);
  if (!client) clients.set(dataLayer, (client = dataLayer.load().catch(() => null)));
  return client;
}

/**
 * An error page inside a signed-in portal: the portal's header and colour bar around it, in the
 * company's colour when the query names a project, a company or a theme that is still valid.
 */
export function PortalErrorPage(props: ErrorPageProps) {
  // The failed route may never have reached the layout's loader: the data layer loads here then.
  const queryClient = use(queryClientOf(useRouter().options.context.dataLayer));
  const raw = useLocation().search;
  const search = useMemo(() => salvagePortalSearch(raw), [raw]);
  if (!queryClient) return <BareErrorPage {...props} />;
  return (
    <QueryClientProvider client={queryClient}>
      <PortalChrome search={search} always>
        <ErrorPage {...props} theme={search.theme} />
      </PortalChrome>
    </QueryClientProvider>
  );
}
