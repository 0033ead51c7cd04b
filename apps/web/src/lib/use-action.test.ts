import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAction } from './use-action';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useAction (the sign-in forms)', () => {
  it('is pending while the action runs, then calls onSuccess with its answer', async () => {
    const answer = deferred<string>();
    const action = vi.fn(() => answer.promise);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useAction(action));
    expect(result.current).toMatchObject({ isPending: false, error: null });

    let run!: Promise<void>;
    act(() => void (run = result.current.run('input', { onSuccess })));
    expect(result.current.isPending).toBe(true);
    expect(action).toHaveBeenCalledWith('input');

    await act(async () => {
      answer.resolve('token');
      await run;
    });
    expect(result.current).toMatchObject({ isPending: false, error: null });
    expect(onSuccess).toHaveBeenCalledWith('token');
  });

  it('keeps the error until the next run starts, and never retries', async () => {
    const failure = new Error('refused');
    const action = vi
      .fn()
      .mockRejectedValueOnce(failure)
      .mockReturnValueOnce(new Promise(() => {}));
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useAction(action));

    await act(() => result.current.run(undefined, { onSuccess }));
    expect(result.current).toMatchObject({ isPending: false, error: failure });
    expect(action).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();

    act(() => void result.current.run(undefined));
    expect(result.current).toMatchObject({ isPending: true, error: null });
  });
});
