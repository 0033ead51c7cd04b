import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, toast, toastStore, useToasts } from './toast';

describe('toasts (docs/requirements.md 4.2, 5.3, 10.1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toastStore.clear();
    vi.useRealTimers();
  });

  it('keeps only the 5 most recent, newest first', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      for (let index = 1; index <= 7; index++) toast.info(`Toast ${index}`);
    });
    expect(TOAST_LIMIT).toBe(5);
    expect(result.current.map((item) => item.title)).toEqual(['Toast 7', 'Toast 6', 'Toast 5', 'Toast 4', 'Toast 3']);
  });

  it('carries id, open, title, description and color', () => {
    const { result } = renderHook(() => useToasts());
    act(() => void toast.error('Error', 'Unauthenticated.'));
    expect(result.current[0]).toMatchObject({ open: true, title: 'Error', description: 'Unauthenticated.', color: 'error' });
    expect(result.current[0]!.id).toEqual(expect.any(String));
  });

  it('goes from open to closed, and is removed 200 ms after closing', () => {
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => void (id = toast.success('Saved')));
    act(() => toastStore.close(id));
    expect(result.current).toEqual([expect.objectContaining({ id, open: false })]);
    act(() => void vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(result.current).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);
  });
});
