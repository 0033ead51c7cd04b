import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPortal } from './app/layouts/portal-route';
import { authToken } from './lib/auth-token';
import { installStaleChunkReload } from './lib/reload-guard';
import './styles.css';

installStaleChunkReload();
if (authToken.get() !== null) preloadPortal();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
