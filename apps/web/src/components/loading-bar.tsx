import { useRouterState } from '@tanstack/react-router';
import { LOADING_INDICATOR, useLoadingIndicator } from '../lib/loading-indicator';

/** The bar across the very top while a page loads; red when the page failed (docs/requirements.md 5.5). */
export function LoadingBar() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' });
  const failed = useRouterState({ select: (state) => state.matches.some((match) => match.status === 'error') });
  const { visible, progress } = useLoadingIndicator(loading);
  // While it shows, it is a landmark of its own: nothing a screen reader meets sits outside one.
  return (
    <div role={visible ? 'region' : undefined} aria-label={visible ? 'Page loading status' : undefined} aria-hidden={!visible}>
      <div
        role="progressbar"
        aria-label="Page loading"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        data-state={failed ? 'error' : visible ? 'loading' : 'idle'}
        className="pointer-events-none fixed inset-x-0 top-0 z-50 transition-opacity duration-300"
        style={{ height: LOADING_INDICATOR.heightPx, opacity: visible ? 1 : 0 }}
      >
        <div className={`h-full transition-[width] duration-100 ease-out ${failed ? 'bg-red-600' : 'bg-blue-600'}`} style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}
