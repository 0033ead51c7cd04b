/**
 * `/login` is drawn into its HTML by the build, so it paints before any script has loaded
 * (docs/decisions/105-the-sign-in-page-drawn-in-its-html.md). These are the few names the build's page and the app
 * agree on to hand the drawn page over.
 */

/** On `#root`: the address (path and query) its drawn markup is the page of. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** On `<html>`: set before the body is parsed when this browser keeps a sign-in, so the drawn sign-in form never shows. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/** The "Loading…" a signed-in visitor sees instead, until the app sends them on. */
export const SIGNED_IN_SPINNER_ID = 'boot-signed-in';

/**
 * Sent on the document once the app has taken the drawn page over: the page's inline script then sends again the form
 * it held back meanwhile (docs/decisions/111-the-drawn-sign-in-page-usable-before-its-script.md).
 */
export const PRERENDER_LEFT_EVENT = 'portal:prerender-left';

/** The address the page in `container` was drawn for, or undefined when the HTML drew none. */
export function prerenderedAddress(container: HTMLElement): string | undefined {
  return container.getAttribute(PRERENDERED_ATTRIBUTE) ?? undefined;
}

/**
 * Once the app's own page is in `container`: the drawn page's mark goes, the signed-in "Loading…" leaves, and a sign-in
 * sent before the app was there is sent again, now to the app.
 */
export function leavePrerender(container: HTMLElement): void {
  const page = container.ownerDocument;
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
  page.documentElement.removeAttribute(SIGNED_IN_ATTRIBUTE);
  page.getElementById(SIGNED_IN_SPINNER_ID)?.remove();
  page.dispatchEvent(new Event(PRERENDER_LEFT_EVENT));
}
