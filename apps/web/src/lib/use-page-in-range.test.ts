import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePageInRange } from './use-page-in-range';

describe('usePageInRange (tables)', () => {
  it('moves a page past the end to the last page, once', () => {
    const goTo = vi.fn();
    const { rerender } = renderHook(({ page }) => usePageInRange(page, goTo), {
      initialProps: { page: { current_page: 9, last_page: 3, total: 25 } as { current_page: number; last_page: number; total: number } | undefined },
    });
    expect(goTo).toHaveBeenCalledWith(3);
    rerender({ page: { current_page: 9, last_page: 3, total: 25 } });
    expect(goTo).toHaveBeenCalledTimes(1);
    rerender({ page: { current_page: 3, last_page: 3, total: 25 } });
    expect(goTo).toHaveBeenCalledTimes(1);
  });

  it('leaves pages in range, empty lists and pages still loading alone', () => {
    const goTo = vi.fn();
    renderHook(() => usePageInRange({ current_page: 3, last_page: 3, total: 25 }, goTo));
    renderHook(() => usePageInRange({ current_page: 2, last_page: 1, total: 0 }, goTo));
    renderHook(() => usePageInRange(undefined, goTo));
    expect(goTo).not.toHaveBeenCalled();
  });
});
