import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPortal } from './app/portal-preload';
import { authToken } from './lib/auth-token';
import { adoptPreview } from './lib/preview';
import { installStaleChunkReload } from './lib/reload-guard';
import './styles.css';

installStaleChunkReload();
// First: the portal's token lookup prefers a preview this tab was opened for.
adoptPreview();
if (authToken.get() !== null) preloadPortal();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
