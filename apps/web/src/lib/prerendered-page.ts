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

/** The address the page in `container` was drawn for, or undefined when the HTML drew none. */
export function prerenderedAddress(container: HTMLElement): string | undefined {
  return container.getAttribute(PRERENDERED_ATTRIBUTE) ?? undefined;
}

/**
 * Once the app's own page is in `container`: the drawn page's marks go, the container takes input again (it is inert
 * while it holds markup no script handles yet), and the signed-in "Loading…" leaves.
 */
export function leavePrerender(container: HTMLElement): void {
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
  container.removeAttribute('inert');
  document.documentElement.removeAttribute(SIGNED_IN_ATTRIBUTE);
  document.getElementById(SIGNED_IN_SPINNER_ID)?.remove();
}
