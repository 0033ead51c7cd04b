import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from '../lib/toast';
import { Toaster } from './toaster';

describe('the toaster (docs/requirements.md 2.3, 10.1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toastStore.clear();
    vi.useRealTimers();
  });

  it('shows a toast with its title and description, and closes it after 5 seconds', () => {
    render(<Toaster />);
    act(() => void toast.error('Error', 'Unauthenticated.'));
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Unauthenticated.')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(4_900));
    expect(toastStore.getSnapshot()[0]?.open).toBe(true);
    act(() => void vi.advanceTimersByTime(200));
    expect(toastStore.getSnapshot()[0]?.open).toBe(false);
    act(() => void vi.advanceTimersByTime(200));
    expect(toastStore.getSnapshot()).toEqual([]);
  });

  it('is reached with F8', () => {
    render(<Toaster />);
    act(() => void toast.info('Saved'));
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(screen.getByRole('list'));
  });

  it('can be dismissed by its close button', () => {
    render(<Toaster />);
    act(() => void toast.success('Message sent'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(toastStore.getSnapshot()[0]?.open).toBe(false);
  });
});
