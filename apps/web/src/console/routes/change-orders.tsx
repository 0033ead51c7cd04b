import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { parseId } from './params';
import { staffProjectRoute } from './projects';

const StaffChangeOrdersPage = lazy(() =>
  import('../features/change-orders/components/staff-change-orders-page').then((module) => ({ default: module.StaffChangeOrdersPage })),
);
const StaffChangeOrderPage = lazy(() =>
  import('../features/change-orders/components/staff-change-order-page').then((module) => ({ default: module.StaffChangeOrderPage })),
);
const NewChangeOrderPage = lazy(() =>
  import('../features/change-orders/components/staff-change-order-page').then((module) => ({ default: module.NewChangeOrderPage })),
);

/** A project's change orders (docs/staff-console.md): the list, a new draft, and one change order (a draft's editor, or what was sent). */
export const staffProjectChangeOrdersRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/change-orders',
  component: function StaffProjectChangeOrdersRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffChangeOrdersPage projectId={projectId} />;
  },
});

export const staffProjectNewChangeOrderRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/change-orders/new',
  component: function StaffProjectNewChangeOrderRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <NewChangeOrderPage projectId={projectId} />;
  },
});

export const staffProjectChangeOrderRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/change-orders/$changeOrderId',
  params: {
    parse: ({ changeOrderId }: { changeOrderId: string }) => ({ changeOrderId: parseId(changeOrderId) }),
    stringify: ({ changeOrderId }: { changeOrderId: number }) => ({ changeOrderId: String(changeOrderId) }),
  },
  component: function StaffProjectChangeOrderRoute() {
    const { projectId } = staffProjectRoute.useParams();
    const { changeOrderId } = staffProjectChangeOrderRoute.useParams();
    return <StaffChangeOrderPage key={changeOrderId} projectId={projectId} changeOrderId={changeOrderId} />;
  },
});
