import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_INDICATOR, useLoadingIndicator } from './loading-indicator';

describe('the loading indicator (docs/requirements.md 5.5, 10.5)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the constants of docs/requirements.md 10.5', () => {
    expect(LOADING_INDICATOR).toEqual({ throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400, heightPx: 3 });
  });

  it('appears only after a 200 ms throttle', () => {
    const { result } = renderHook(({ loading }) => useLoadingIndicator(loading), { initialProps: { loading: true } });
    act(() => void vi.advanceTimersByTime(199));
    expect(result.current.visible).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.visible).toBe(true);
  });

  it('never shows for a navigation shorter than the throttle', () => {
    const { result, rerender } = renderHook(({ loading }) => useLoadingIndicator(loading), { initialProps: { loading: true } });
    act(() => void vi.advanceTimersByTime(150));
    rerender({ loading: false });
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current).toEqual({ visible: false, progress: 0 });
  });

  it('creeps toward completion over about 2 s without reaching it', () => {
    const { result } = renderHook(() => useLoadingIndicator(true));
    act(() => void vi.advanceTimersByTime(200 + 1000));
    const halfway = result.current.progress;
    act(() => void vi.advanceTimersByTime(1000));
    expect(halfway).toBeGreaterThan(40);
    expect(result.current.progress).toBeGreaterThan(halfway);
    expect(result.current.progress).toBeGreaterThan(80);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(result.current.progress).toBeLessThan(100);
  });

  it('completes, hides 500 ms later and resets 400 ms after that', () => {
    const { result, rerender } = renderHook(({ loading }) => useLoadingIndicator(loading), { initialProps: { loading: true } });
    act(() => void vi.advanceTimersByTime(800));
    rerender({ loading: false });
    expect(result.current).toEqual({ visible: true, progress: 100 });
    act(() => void vi.advanceTimersByTime(499));
    expect(result.current.visible).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ visible: false, progress: 100 });
    act(() => void vi.advanceTimersByTime(399));
    expect(result.current.progress).toBe(100);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ visible: false, progress: 0 });
  });

  it('hides after a navigation that a quick redirect follows while it shows complete', () => {
    const { result, rerender } = renderHook(({ loading }) => useLoadingIndicator(loading), { initialProps: { loading: true } });
    act(() => void vi.advanceTimersByTime(800));
    rerender({ loading: false });
    act(() => void vi.advanceTimersByTime(100));
    rerender({ loading: true });
    act(() => void vi.advanceTimersByTime(100));
    rerender({ loading: false });
    act(() => void vi.advanceTimersByTime(500));
    expect(result.current.visible).toBe(false);
  });
});
