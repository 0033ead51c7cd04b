import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffLayoutRoute } from './layout';

export const staffAuditLogRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/audit-log',
  component: lazyRouteComponent(() => import('../features/audit/components/audit-log-page'), 'AuditLogPage'),
});
