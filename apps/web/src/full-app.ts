import type { LoadFullApp } from './portal/sign-in-app';

/**
 * The full app, which the sign-in build hands over to at the first navigation away (portal/sign-in-app.tsx). A module
 * of its own rather than a line of sign-in.tsx: the build keeps an entry's own module in the entry's file, where the
 * list of the full app's files this import preloads would be a copy of its own instead of a part of the shared file's
 * (apps/web/vite.config.ts).
 */
export const loadFullApp: LoadFullApp = () => import('./app/app');
