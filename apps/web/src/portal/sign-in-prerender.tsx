import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { BOOT_SPINNER_HTML } from '../lib/boot-spinner';
import { PREVIEW_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { LOGIN_PATH } from '@portal/contract/routes';
import { PRERENDER_LEFT_EVENT, PRERENDERED_ATTRIBUTE, SIGNED_IN_ATTRIBUTE, SIGNED_IN_SPINNER_ID } from './lib/prerendered-page';
import { addressOf, SignInApp, type LoadFullApp, type SignInStart } from './sign-in-app';

/**
 * A kept sign-in: the same keys as lib/auth-token.ts, a customer's sign-in or a preview this tab was opened for. Storage
 * that throws (disabled by the browser) is no sign-in, as there.
 */
const SIGNED_IN_CHECK =
  `try{if(localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})||sessionStorage.getItem(${JSON.stringify(PREVIEW_STORAGE_KEY)}))` +
  `document.documentElement.setAttribute(${JSON.stringify(SIGNED_IN_ATTRIBUTE)},"")}catch(e){}`;

/**
 * The drawn form takes input before the entry's scripts have run (docs/decisions/111-the-drawn-sign-in-page-usable-before-its-script.md).
 * A submit meanwhile, which no script would see, is held here (the browser would send the form itself) and sent again
 * once the app has the page (lib/prerendered-page.ts). A submit between hydration and that moment is held too, so each
 * is sent exactly once. Only the last held form is sent: pressing twice signs in once.
 */
const HELD_SUBMIT =
  `(function(){var held;` +
  `document.addEventListener("submit",function(e){var root=document.getElementById("root");` +
  `if(root&&root.hasAttribute(${JSON.stringify(PRERENDERED_ATTRIBUTE)})&&root.contains(e.target)){e.preventDefault();e.stopImmediatePropagation();held=e.target}},true);` +
  `document.addEventListener(${JSON.stringify(PRERENDER_LEFT_EVENT)},function(){var form=held;held=null;` +
  `if(form&&form.isConnected)form.requestSubmit?form.requestSubmit():form.dispatchEvent(new Event("submit",{bubbles:true,cancelable:true}))})})();`;

/**
 * The one inline script of the app's HTML, allowed by its hash in the content security policy (the server reads it from
 * the built page): run in the head, before the body's form can take input.
 */
const HEAD_SCRIPT = `${SIGNED_IN_CHECK};${HELD_SUBMIT}`;

/** Which of the two the page shows before its scripts run. */
const PRERENDER_STYLE = `[${SIGNED_IN_ATTRIBUTE}] #root[${PRERENDERED_ATTRIBUTE}]{display:none}html:not([${SIGNED_IN_ATTRIBUTE}]) #${SIGNED_IN_SPINNER_ID}{display:none}`;

/** The address drawn: `/login` opened plainly, by nobody signed in (docs/decisions/105-the-sign-in-page-drawn-in-its-html.md). */
export const PRERENDERED_START: SignInStart = { pathname: LOGIN_PATH, searchStr: '', drawn: true };

/** Nothing hands over in Node: the drawn page is markup only, and its effects and events never run here. */
const noFullApp: LoadFullApp = () => new Promise(() => undefined);

/**
 * Run by the build in Node (apps/web/vite.config.ts), never by a browser: the sign-in page's markup as the sign-in
 * entry's first render draws it at that address, so the entry can hydrate it as it stands, and what the HTML around it
 * needs.
 */
export async function prerenderLoginPage() {
  const errors: unknown[] = [];
  // A part that cannot draw on the server would leave a hole the browser fills later: the build fails instead.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SignInApp start={PRERENDERED_START} loadApp={noFullApp} />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  let markup = '';
  for await (const part of prelude) markup += String(part);
  if (errors.length > 0) throw new AggregateError(errors, 'the sign-in page did not draw on the server');
  return {
    body: `<div id="root" ${PRERENDERED_ATTRIBUTE}="${addressOf(PRERENDERED_START)}">${markup}</div>\n    <div id="${SIGNED_IN_SPINNER_ID}">${BOOT_SPINNER_HTML}</div>`,
    style: PRERENDER_STYLE,
    script: HEAD_SCRIPT,
  };
}
