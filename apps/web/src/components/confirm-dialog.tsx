import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Button } from './ui/button';
import { FormError } from './ui/form-error';

/**
 * Asks before a step that cannot be taken back (sending, voiding, withdrawing, deleting). The trigger is the page's own
 * button; `onConfirm` runs the step, and the caller closes the dialog when the server has answered, so a refusal
 * (`error`) shows here, beside the question.
 */
export function ConfirmDialog({
  trigger,
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  danger = false,
  pending,
  error = null,
  onConfirm,
  open,
  onOpenChange,
}: {
  trigger: ReactNode;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** What the confirm button says while the step runs; its label by default. */
  pendingLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold wrap-anywhere text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-slate-700">{children}</AlertDialog.Description>
          <FormError message={error} />
          <div className="flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button variant={danger ? 'danger' : 'primary'} disabled={pending} onClick={onConfirm}>
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Whether a ConfirmDialog is open, for a step run by `mutation`: closing the dialog forgets the step's last refusal. */
export function useConfirmOpen(mutation: { reset: () => void }) {
  const [open, setOpen] = useState(false);
  return {
    open,
    onOpenChange: (next: boolean) => {
      setOpen(next);
      if (!next) mutation.reset();
    },
    close: () => setOpen(false),
  };
}
