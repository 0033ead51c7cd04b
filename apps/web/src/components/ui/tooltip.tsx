import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';

/** docs/requirements.md 10.8: tooltips open after 700 ms; moving between them within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * A tooltip with the delays of docs/requirements.md 10.8. Each carries its own provider, so the tooltip code (and the
 * positioning library under it) loads only with the pages that use one, not with the sign-in page.
 */
export function Tooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content sideOffset={6} className="z-50 rounded-lg bg-slate-900 px-3 py-1.5 text-sm text-white shadow-lg">
            {label}
            <RadixTooltip.Arrow className="fill-slate-900" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
