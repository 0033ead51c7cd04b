import { useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';

/**
 * A button for a step that is hard to undo (deactivate, revoke, delete): the first press asks, in place, and only the
 * second one acts. No modal, so it reads the same on a phone and to a screen reader.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  pending = false,
  danger = true,
}: {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  danger?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Button variant="ghost" className="px-4 py-1.5 text-sm" onClick={() => setAsking(true)} disabled={pending}>
        {label}
      </Button>
    );
  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <span>{question}</span>
      <Button
        variant={danger ? 'danger' : 'secondary'}
        className="px-4 py-1.5 text-sm"
        disabled={pending}
        onClick={() => {
          onConfirm();
          setAsking(false);
        }}
      >
        {confirmLabel}
      </Button>
      <Button variant="ghost" className="px-4 py-1.5 text-sm" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </div>
  );
}
