import { createRoute } from '@tanstack/react-router';
import { tableState, validateChangeOrdersSearch, type ChangeOrdersTableState } from '../features/change-orders/search';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { projectPage, projectPageLoader } from './project-page';

export const changeOrdersRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/change-orders',
  // Page, size, sort, status filter and the open change order live in the URL, so the emailed link opens it.
  validateSearch: validateChangeOrdersSearch,
  loaderDeps: ({ search }) => ({ entity: search.entity, table: tableState(search), open: search.change_order }),
  loader: projectPageLoader<{ entity?: number | undefined; table: ChangeOrdersTableState; open?: number | undefined }>(
    'change_orders',
    async (entity, { table, open }) => {
      if (open !== undefined) {
        const { changeOrderQueryOptions } = await import('../features/change-orders/api/get-change-order');
        return [changeOrderQueryOptions(entity, open)];
      }
      const { changeOrdersQueryOptions } = await import('../features/change-orders/api/get-change-orders');
      return [changeOrdersQueryOptions(entity, table)];
    },
  ),
  component: projectPage('change_orders', () => import('../features/change-orders/components/change-orders-page').then((module) => module.ChangeOrdersPage)),
});
