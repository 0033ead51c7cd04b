import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { staffLayoutRoute } from './layout';

/** An optional record id in the search: a canonical positive integer, else left out. */
const searchId = (value: unknown): number | undefined => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined;
};

const InboxPage = lazy(() => import('../features/inbox/components/inbox-page').then((module) => ({ default: module.InboxPage })));

/** The inbox (docs/staff-console.md); an opened contact message is in the URL (`?message=`), so it can be linked to. */
export const staffInboxRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/inbox',
  validateSearch: (search: Record<string, unknown>): { message?: number } => {
    const message = searchId(search.message);
    return message === undefined ? {} : { message };
  },
  component: function StaffInboxRoute() {
    const { message } = staffInboxRoute.useSearch();
    const navigate = staffInboxRoute.useNavigate();
    return <InboxPage messageId={message} onMessageChange={(id) => void navigate({ search: id === undefined ? {} : { message: id } })} />;
  },
});
