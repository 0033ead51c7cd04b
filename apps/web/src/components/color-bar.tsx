/**
 * The strip of company colour across the top of every page. It paints with the stale colour and
 * fades to the current one, so a change of company animates instead of flashing.
 */
export function ColorBar() {
  return <div aria-hidden="true" className="h-1.5 w-full bg-linear-to-r from-portal-stale to-portal transition-colors duration-1000" data-testid="color-bar" />;
}
