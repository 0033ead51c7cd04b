import href from '../console.css?url';

/**
 * Adds the staff console's style sheet at the end of the page, after the portal's (which the build puts at the end of
 * the body, decision 100): the later sheet decides between two utilities of the same weight, and the console's has
 * them all in Tailwind's order (docs/decisions/104-the-consoles-style-sheet-apart.md). Resolves once it has loaded, or
 * failed: the console then shows with the portal's sheet alone rather than not at all.
 */
export function addConsoleStyleSheet(): Promise<void> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const settled = new Promise<void>((resolve) => {
    link.onload = () => resolve();
    link.onerror = () => resolve();
  });
  document.body.append(link);
  return settled;
}
