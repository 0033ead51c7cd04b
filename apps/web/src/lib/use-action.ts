import { useCallback, useRef, useState } from 'react';

export interface ActionState {
  isPending: boolean;
  /** What the last run threw; cleared when the next one starts. */
  error: unknown;
}

/**
 * An async action with its pending and error state, for the sign-in forms: what they used from
 * TanStack's useMutation (no retry, onSuccess per call), without bringing TanStack Query to the
 * sign-in pages (decision 024).
 */
export function useAction<A, R>(action: (argument: A) => Promise<R>) {
  const [state, setState] = useState<ActionState>({ isPending: false, error: null });
  const latest = useRef(0);
  const run = useCallback(
    async (argument: A, handlers: { onSuccess?: (result: R) => void } = {}) => {
      const id = ++latest.current;
      setState({ isPending: true, error: null });
      try {
        const result = await action(argument);
        if (id === latest.current) setState({ isPending: false, error: null });
        handlers.onSuccess?.(result);
      } catch (error) {
        if (id === latest.current) setState({ isPending: false, error });
      }
    },
    [action],
  );
  /** Forgets the last run's error (and any run still going): the form starts again. */
  const reset = useCallback(() => {
    latest.current += 1;
    setState({ isPending: false, error: null });
  }, []);
  return { ...state, run, reset };
}
