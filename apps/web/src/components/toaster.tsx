import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { useLayoutEffect, useState, type CSSProperties } from 'react';
import { TOAST_DURATION_MS, toastStore, useToasts, type ToastColor } from '../lib/toast';

const STYLES: Record<ToastColor, { icon: typeof Info; className: string }> = {
  success: { icon: CircleCheck, className: 'text-green-700' },
  error: { icon: CircleAlert, className: 'text-red-700' },
  info: { icon: Info, className: 'text-blue-700' },
};

/**
 * How far down the page's header (the portal's or the console's, the first `header` of the document) still reaches on
 * screen: 0 once it has scrolled away, or on a page without one. Followed while toasts show, as the page scrolls.
 */
function useHeaderBottom() {
  const [bottom, setBottom] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const header = document.querySelector('header');
      setBottom(header ? Math.max(0, Math.ceil(header.getBoundingClientRect().bottom)) : 0);
    };
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, []);
  return bottom;
}

/**
 * Toasts (docs/requirements.md 2.3 and 10.1): 5 s each, swipe right past 50 px to dismiss, F8 to reach them, stacked
 * 16 px apart. Radix gives these as its defaults; they are spelled out to pin them. They never cover the header's
 * controls (Sign out, the menus): at the bottom of a phone's screen, and top-right below the header from Tailwind's `sm`
 * up (docs/decisions/115-the-console-on-a-narrow-screen.md).
 */
export function Toaster() {
  const toasts = useToasts();
  const headerBottom = useHeaderBottom();
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((item) => {
        const { icon: Icon, className } = STYLES[item.color];
        return (
          <RadixToast.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) toastStore.close(item.id);
            }}
            type={item.color === 'error' ? 'foreground' : 'background'}
            className="pointer-events-auto flex w-full items-start gap-3 rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200 data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] transition-opacity duration-200"
            data-color={item.color}
          >
            <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${className}`} />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <RadixToast.Title className="font-semibold text-slate-900">{item.title}</RadixToast.Title>
              {item.description ? <RadixToast.Description className="text-sm text-slate-700">{item.description}</RadixToast.Description> : null}
              {item.action ? (
                <RadixToast.Action altText={item.action.label} asChild>
                  <button
                    type="button"
                    onClick={item.action.onClick}
                    className="mt-1 self-start rounded-full bg-slate-900 px-4 py-1.5 text-sm font-medium text-white hover:bg-slate-700"
                  >
                    {item.action.label}
                  </button>
                </RadixToast.Action>
              ) : null}
            </div>
            <RadixToast.Close aria-label="Dismiss" className="rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
              <X aria-hidden="true" className="size-4" />
            </RadixToast.Close>
          </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport
        style={{ '--toasts-top': `${headerBottom}px` } as CSSProperties}
        className="fixed right-0 bottom-0 z-50 m-0 flex w-full list-none flex-col gap-4 p-4 outline-none sm:top-(--toasts-top) sm:bottom-auto sm:max-w-sm"
      />
    </RadixToast.Provider>
  );
}
