import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignInApp } from './app/sign-in-app';
import { adoptPreview } from './lib/preview';
import { installStaleChunkReload } from './lib/reload-guard';
import './styles.css';

// The sign-in pages' own entry (docs/decisions/089-sign-in-pages-without-the-router.md); main.tsx is every other page's.
installStaleChunkReload();
// As main.tsx does: a preview this tab was opened for counts as signed in.
adoptPreview();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SignInApp />
  </StrictMode>,
);
