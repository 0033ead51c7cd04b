import { createRoute } from '@tanstack/react-router';
import { validateCalendarSearch } from '../features/calendar/search';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { projectPage } from './project-page';

export const calendarRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/calendar',
  // The view, the month, the picked day and the past visits' page live in the URL.
  validateSearch: validateCalendarSearch,
  component: projectPage('calendar', () => import('../features/calendar/components/calendar-page').then((module) => module.CalendarPage)),
});
