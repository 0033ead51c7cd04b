import { useEffect, useRef, useState } from 'react';

/** The loading indicator of docs/requirements.md 10.5. */
export const LOADING_INDICATOR = {
  throttleMs: 200,
  durationMs: 2000,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
} as const;

const TICK_MS = 100;

export interface LoadingIndicatorState {
  visible: boolean;
  /** 0 to 100. */
  progress: number;
}

/**
 * docs/requirements.md 5.5: starts on page navigation, appears after a 200 ms throttle, creeps toward completion
 * over about 2 s, hides 500 ms after finishing and resets 400 ms after that. Short navigations
 * never show it at all.
 */
export function useLoadingIndicator(loading: boolean, timing = LOADING_INDICATOR): LoadingIndicatorState {
  const [state, setState] = useState<LoadingIndicatorState>({ visible: false, progress: 0 });
  // On screen, from its first appearance until it hides: a navigation that starts and ends while
  // it shows "complete" (a redirect) must still hide it.
  const shown = useRef(false);

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (loading) {
      let creep: ReturnType<typeof setInterval> | undefined;
      timers.push(
        setTimeout(() => {
          shown.current = true;
          const started = Date.now();
          setState({ visible: true, progress: 0 });
          // Eases toward 100 without reaching it: about 86% after the nominal duration.
          creep = setInterval(() => {
            const elapsed = (Date.now() - started) / timing.durationMs;
            setState({ visible: true, progress: Math.min(99, 100 * (1 - Math.exp(-2 * elapsed))) });
          }, TICK_MS);
        }, timing.throttleMs),
      );
      return () => {
        timers.forEach(clearTimeout);
        if (creep) clearInterval(creep);
      };
    }
    if (shown.current) {
      setState({ visible: true, progress: 100 });
      timers.push(
        setTimeout(() => {
          shown.current = false;
          setState({ visible: false, progress: 100 });
          timers.push(setTimeout(() => setState({ visible: false, progress: 0 }), timing.resetDelayMs));
        }, timing.hideDelayMs),
      );
    }
    return () => timers.forEach(clearTimeout);
  }, [loading, timing]);

  return state;
}
