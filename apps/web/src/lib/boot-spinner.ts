// With its extension: vite.config.ts loads this file too, and Node's own loader wants one.
import { LOADING_INDICATOR } from './loading-indicator.ts';

/**
 * What a first visit sees before any script has run: a "Loading…" status the HTML draws itself, styled by its own
 * inline rules, so it shows as soon as the page's HTML arrives rather than once ~140 KB of scripts have loaded and the
 * page's data has answered (docs/decisions/100-a-loading-status-in-the-html.md). The build writes it into both HTML entries;
 * the app draws the same markup until the router's first page is ready, so the screen never goes blank between.
 * Nothing of the company shows before its brand has loaded (docs/requirements.md 5.4): the spinner is unbranded.
 */
export const BOOT_SPINNER_CLASS = 'boot-spinner';

/**
 * It appears only once the page has been loading for the loading indicator's throttle (docs/requirements.md 5.5),
 * counted from the start of the navigation whichever copy draws it: a page that is ready sooner never flashes it.
 */
export const BOOT_SPINNER_DELAY_MS = LOADING_INDICATOR.throttleMs;

/** Lucide's "loader-circle": the one icon a page may need before lucide itself has loaded. */
export const LOADER_CIRCLE_PATH = 'M21 12a9 9 0 1 1-6.219-8.56';

/** Slate-600 on the page's own background, as the app's PageSpinner: the app's style sheet is not there yet. */
export const BOOT_SPINNER_STYLE = [
  `.${BOOT_SPINNER_CLASS}{display:flex;min-height:60vh;align-items:center;justify-content:center;color:#475569;font-family:ui-sans-serif,system-ui,sans-serif}`,
  // The app's copy sets the delay that is left when it draws (--boot-spinner-delay); the HTML's waits the whole of it.
  `.${BOOT_SPINNER_CLASS}>div{display:flex;align-items:center;gap:.75rem;animation:boot-appear 0s var(--boot-spinner-delay,${BOOT_SPINNER_DELAY_MS}ms) both}`,
  '@keyframes boot-appear{from{visibility:hidden}}',
  `.${BOOT_SPINNER_CLASS} h1{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}`,
  `.${BOOT_SPINNER_CLASS} svg{width:1.5rem;height:1.5rem;animation:boot-spin 1s linear infinite}`,
  '@keyframes boot-spin{to{transform:rotate(360deg)}}',
  `@media (prefers-reduced-motion:reduce){.${BOOT_SPINNER_CLASS} svg{animation:none}}`,
].join('');

/**
 * What both copies draw inside their `main`, one markup for the HTML's and the app's (components/ui/page-spinner.tsx).
 * A `main` and a level-one heading (the document's own title, for screen readers only), as every page has: nothing
 * even the loading page shows sits outside a landmark.
 */
export const BOOT_SPINNER_CONTENT =
  '<h1>Project portal</h1><div role="status">' +
  `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${LOADER_CIRCLE_PATH}"/></svg>` +
  '<span>Loading…</span></div>';

export const BOOT_SPINNER_HTML = `<main class="${BOOT_SPINNER_CLASS}">${BOOT_SPINNER_CONTENT}</main>`;
