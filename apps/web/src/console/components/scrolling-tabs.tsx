import { useLocation } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A row of tab links that scrolls sideways when it is wider than the screen (a project's eight tabs on a phone): the
 * active tab is scrolled into the middle on every page, and each edge that hides tabs fades out under an arrow that
 * scrolls on, so no tab is left to be guessed at (docs/decisions/115-the-console-on-a-narrow-screen.md). `children` are
 * the list's items; the active link is the one the router marks `aria-current="page"`.
 */
export function ScrollingTabs({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  const [hidden, setHidden] = useState({ before: false, after: false });
  const pathname = useLocation({ select: (location) => location.pathname });

  const measure = useCallback(() => {
    const element = list.current;
    if (!element) return;
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setHidden((current) => (current.before === before && current.after === after ? current : { before, after }));
  }, []);

  // Before paint, so the page never shows the active tab out of sight first.
  useLayoutEffect(() => {
    const element = list.current;
    const active = element?.querySelector<HTMLElement>('[aria-current="page"]');
    if (element && active) {
      const box = element.getBoundingClientRect();
      const tab = active.getBoundingClientRect();
      element.scrollLeft += tab.left + tab.width / 2 - (box.left + box.width / 2);
    }
    measure();
  }, [pathname, measure]);

  useLayoutEffect(() => {
    const element = list.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  const scrollBy = (direction: -1 | 1) => {
    const element = list.current;
    element?.scrollBy({ left: direction * element.clientWidth * 0.7, behavior: 'smooth' });
  };
  const edge = 'pointer-events-none absolute inset-y-0 flex w-12 items-center from-slate-50 from-40% to-transparent';
  const arrow = 'pointer-events-auto rounded-full bg-white p-1 text-slate-700 shadow-sm ring-1 ring-slate-300 hover:text-slate-900';
  return (
    <nav aria-label={label} className={`relative border-b border-slate-200 ${className}`}>
      <ul ref={list} onScroll={measure} className="flex gap-1 overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {children}
      </ul>
      {/* Pointer users press the arrows; a keyboard reaches every tab with Tab, and the browser scrolls it into view. */}
      {hidden.before ? (
        <div className={`${edge} left-0 justify-start bg-linear-to-r`}>
          <button type="button" tabIndex={-1} aria-label="Earlier tabs" onClick={() => scrollBy(-1)} className={arrow}>
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      {hidden.after ? (
        <div className={`${edge} right-0 justify-end bg-linear-to-l`}>
          <button type="button" tabIndex={-1} aria-label="More tabs" onClick={() => scrollBy(1)} className={arrow}>
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
    </nav>
  );
}
