import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preparePortal, type PreparedPortal } from './app/app';
import { isStaffPath } from './root/auth-guard';
import { preloadPortal } from './portal/portal-preload';
import { authToken } from './lib/auth-token';
import { adoptPreview } from './lib/preview';
import { installStaleChunkReload } from './lib/reload-guard';
import './styles.css';

installStaleChunkReload();
// First: the portal's token lookup prefers a preview this tab was opened for.
adoptPreview();
if (authToken.get() !== null) preloadPortal();

const root = createRoot(document.getElementById('root')!);
const app = (portal?: PreparedPortal) => (
  <StrictMode>
    <App portal={portal} />
  </StrictMode>
);
if (isStaffPath(window.location.pathname)) root.render(app());
else {
  // docs/decisions/106-the-first-page-loaded-before-the-first-render.md: the HTML's "Loading…" stays while the first
  // page loads; then React draws it in a transition, yielding to the browser as it goes, where a plain render would
  // hold the main thread for the whole page.
  const portal = preparePortal();
  void portal.loaded.then(() => startTransition(() => root.render(app(portal))));
}
