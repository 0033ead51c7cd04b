import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadFullApp } from './full-app';
import { addressOf, SignInApp, signInStart } from './portal/sign-in-app';
import { leavePrerender, prerenderedAddress } from './portal/lib/prerendered-page';
import { adoptPreview } from './lib/preview';
import { installStaleChunkReload } from './lib/reload-guard';
import './styles.css';

// The sign-in pages' own entry (docs/decisions/089-sign-in-pages-without-the-router.md); main.tsx is every other page's.
installStaleChunkReload();
// As main.tsx does: a preview this tab was opened for counts as signed in.
adoptPreview();

const container = document.getElementById('root')!;
const start = signInStart();
const app = (
  <StrictMode>
    <SignInApp start={start} loadApp={loadFullApp} onShown={() => leavePrerender(container)} />
  </StrictMode>
);
// docs/decisions/105-the-sign-in-page-drawn-in-its-html.md: the page the HTML drew is kept when this first render draws
// the same (its address, nobody signed in). Anything else replaces it in React's first commit; until then it stays as
// it was, hidden from a signed-in visitor and looking the same to anyone else.
if (start.drawn && prerenderedAddress(container) === addressOf(start)) hydrateRoot(container, app);
else createRoot(container).render(app);
