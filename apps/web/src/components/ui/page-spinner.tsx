import { useState, type CSSProperties } from 'react';
import { BOOT_SPINNER_CLASS, BOOT_SPINNER_CONTENT, BOOT_SPINNER_DELAY_MS, LOADER_CIRCLE_PATH } from '../../lib/boot-spinner';

/**
 * Lucide's "loader-circle", drawn inline: the spinner shows on the sign-in pages' first render, which would otherwise
 * bring lucide's icon runtime into the first bundle for this one icon.
 */
function LoaderCircle({ className }: { className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={LOADER_CIRCLE_PATH} />
    </svg>
  );
}

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-1 items-center justify-center gap-3 py-16 text-slate-600">
      <LoaderCircle className="size-6 animate-spin" />
      <span>{label}</span>
    </div>
  );
}

/**
 * The HTML's own first "Loading…" (lib/boot-spinner.ts), the very same markup in the same place, until the router's
 * first page is ready (app/app.tsx): the HTML's inline rules style it.
 */
export function BootSpinner() {
  // Shown from the same moment as the HTML's copy: the navigation's start plus the delay, not this one's mount.
  const [delayMs] = useState(() => Math.max(0, BOOT_SPINNER_DELAY_MS - performance.now()));
  const style = { '--boot-spinner-delay': `${delayMs}ms` } as CSSProperties;
  // A constant of ours, no data in it.
  return <main className={BOOT_SPINNER_CLASS} style={style} dangerouslySetInnerHTML={{ __html: BOOT_SPINNER_CONTENT }} />;
}
