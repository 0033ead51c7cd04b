/**
 * Lucide's "loader-circle", drawn inline: the spinner shows on the sign-in pages' first render, which would otherwise
 * bring lucide's icon runtime into the first bundle for this one icon.
 */
function LoaderCircle({ className }: { className: string }) {
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
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
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
