import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredPopup, popupLoader, type DeferredPopupProps } from './deferred-popup';

/** A stand-in for the Radix popup: its own trigger, and a dialog while open. */
function FakePopup({ open, onOpenChange, triggerClassName, trigger, focusTrigger, title }: DeferredPopupProps & { title: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) ref.current?.focus();
  }, [focusTrigger]);
  return (
    <>
      <button ref={ref} type="button" className={triggerClassName} data-real="yes" onClick={() => onOpenChange(!open)}>
        {trigger}
      </button>
      {open ? <div role="dialog" aria-label={title} /> : null}
    </>
  );
}

function deferred() {
  let resolve!: (component: typeof FakePopup) => void;
  const load = vi.fn(() => new Promise<typeof FakePopup>((r) => (resolve = r)));
  return { loader: popupLoader<{ title: string }>(load), load, resolve: (component = FakePopup) => act(async () => resolve(component)) };
}

function renderShell(loader: ReturnType<typeof popupLoader<{ title: string }>>, kind: 'menu' | 'dialog' = 'dialog') {
  render(<DeferredPopup kind={kind} loader={loader} props={{ title: 'Menu' }} triggerClassName="trigger" trigger="Open menu" />);
  return screen.getByRole('button', { name: 'Open menu' });
}

describe('DeferredPopup', () => {
  it('is a plain button of the same name until reached for, and loads nothing before', () => {
    const { loader, load } = deferred();
    const button = renderShell(loader);
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveClass('trigger');
    expect(load).not.toHaveBeenCalled();
  });

  it('opens the popup once it has loaded when pressed before, and loads it once', async () => {
    const user = userEvent.setup();
    const { loader, load, resolve } = deferred();
    await user.click(renderShell(loader));
    expect(screen.queryByRole('dialog')).toBeNull();
    await resolve();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('data-real', 'yes');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens the dialog when its code arrives between the button going down and coming up', async () => {
    const user = userEvent.setup();
    const { loader, resolve } = deferred();
    const button = renderShell(loader);
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    await resolve();
    // The pressed button stays until the press ends, so the click lands where it began.
    expect(button).toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('data-real', 'yes');
  });

  it('swaps in the real trigger, closed, when pointed at, and hands it the focus the placeholder had', async () => {
    const user = userEvent.setup();
    const { loader, resolve } = deferred();
    const button = renderShell(loader, 'menu');
    await user.tab();
    expect(button).toHaveFocus();
    await resolve();
    const real = screen.getByRole('button', { name: 'Open menu' });
    expect(real).toHaveAttribute('data-real', 'yes');
    expect(real).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a menu with ArrowDown, as the real trigger does', async () => {
    const user = userEvent.setup();
    const { loader, resolve } = deferred();
    renderShell(loader, 'menu');
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await resolve();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });

  it('a load that fails leaves the button closed, and the next press tries again', async () => {
    const user = userEvent.setup();
    let fail!: (error: Error) => void;
    const load = vi
      .fn()
      .mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
      .mockResolvedValueOnce(FakePopup);
    const loader = popupLoader<{ title: string }>(load);
    await user.click(renderShell(loader));
    await act(async () => fail(new Error('offline')));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await act(async () => {});
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
