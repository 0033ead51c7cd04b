import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

/** What the loaded popup receives: the shell keeps the open state, so a press before it loaded still opens it. */
export interface DeferredPopupProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger's look and content, the same before and after the popup loaded. */
  triggerClassName: string;
  trigger: ReactNode;
  /** The placeholder had the focus when the popup replaced it: the real trigger takes it over. */
  focusTrigger: boolean;
}

/** A popup's code, fetched once for the whole page. */
export function popupLoader<P>(load: () => Promise<ComponentType<P & DeferredPopupProps>>) {
  let loaded: ComponentType<P & DeferredPopupProps> | null = null;
  let loading: Promise<ComponentType<P & DeferredPopupProps>> | null = null;
  return {
    current: () => loaded,
    load: () =>
      (loading ??= load().then(
        (component) => (loaded = component),
        (error: unknown) => {
          // A failed fetch (offline, a new deployment) may be tried again by the next press.
          loading = null;
          throw error;
        },
      )),
  };
}

interface DeferredPopupShellProps<P> {
  loader: ReturnType<typeof popupLoader<P>>;
  props: P;
  triggerClassName: string;
  trigger: ReactNode;
  /** A menu opens on the pointer going down, as Radix's menu trigger does; a dialog on the click. */
  kind: 'menu' | 'dialog';
}

/**
 * A header menu whose popup (Radix and its positioning and focus code) loads when the user reaches for it, not with the
 * page: until then the trigger is a plain button of the same look and name. Pointing at it starts the fetch; a press
 * opens the popup as soon as it has loaded (docs/decisions/078-page-weight.md).
 */
export function DeferredPopup<P extends object>({ loader, props, triggerClassName, trigger, kind }: DeferredPopupShellProps<P>) {
  const [Popup, setPopup] = useState(() => loader.current());
  const [open, setOpen] = useState(false);
  const [focusTrigger, setFocusTrigger] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  const held = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  if (Popup) {
    return <Popup {...props} open={open} onOpenChange={setOpen} triggerClassName={triggerClassName} trigger={trigger} focusTrigger={focusTrigger} />;
  }

  const fetchPopup = () => {
    loader.load().then(
      (component) => {
        const swapIn = () => {
          if (!mounted.current) return;
          // An open popup takes the focus itself.
          setFocusTrigger(!pressed.current && document.activeElement === placeholder.current);
          setPopup(() => component);
        };
        if (!held.current) return swapIn();
        // The code arrived between the button going down and coming up. Swapping the button now would put the two halves
        // of the click on two elements, and the browser would send the click to neither: the press would open nothing.
        const afterPress = () => {
          window.removeEventListener('pointerup', afterPress, true);
          window.removeEventListener('pointercancel', afterPress, true);
          held.current = false;
          // The click follows pointerup in the same task.
          setTimeout(swapIn);
        };
        window.addEventListener('pointerup', afterPress, true);
        window.addEventListener('pointercancel', afterPress, true);
      },
      () => {
        pressed.current = false;
        setOpen(false);
      },
    );
  };
  const press = () => {
    pressed.current = true;
    setOpen(true);
    fetchPopup();
  };
  return (
    <button
      ref={placeholder}
      type="button"
      className={triggerClassName}
      aria-haspopup={kind}
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={fetchPopup}
      onFocus={fetchPopup}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        held.current = true;
        if (kind === 'menu' && !event.ctrlKey) press();
      }}
      onPointerUp={() => (held.current = false)}
      onClick={press}
      onKeyDown={kind === 'menu' ? (event) => event.key === 'ArrowDown' && press() : undefined}
    >
      {trigger}
    </button>
  );
}

/**
 * The real trigger of a popup that loaded after its placeholder was pressed: takes the focus the placeholder had, so a
 * keyboard user stays where they were. Each popup puts the returned ref on its trigger.
 */
export function usePopupTrigger(focusTrigger: boolean) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) triggerRef.current?.focus();
  }, [focusTrigger]);
  return triggerRef;
}
