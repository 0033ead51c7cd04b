import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip';

describe('tooltips (docs/requirements.md 10.8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no ResizeObserver; the tooltip's positioning asks for one.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('open 700 ms after the pointer rests on their trigger', () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300]);
    render(
      <Tooltip label="Send the note">
        <button type="button">Send</button>
      </Tooltip>,
    );
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Send' }), { pointerType: 'mouse' });
    act(() => void vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Send the note');
  });
});
