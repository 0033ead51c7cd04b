import type { UseMutationResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { formErrors } from '../../lib/form-errors';

/**
 * The pieces of a project's record page that proposals and change orders share: the heading with its way back, the
 * editor's cards, a figure, and deleting a draft after asking.
 */

/** The record's heading under the project's tabs: a link back to its list, its name and (as `children`) its state. */
export function RecordHeading({ back, backLabel, title, children }: { back: string; backLabel: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-col gap-2">
      <Link to={back} className="text-sm font-medium text-slate-600 underline-offset-2 hover:underline">
        ← {backLabel}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold wrap-anywhere text-slate-900">{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** One card of an editor, named by its heading; `action` sits beside the heading (remove the section, say). */
export function FormCard({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** One figure of a sent record (sent, first viewed, the answer), inside a `dl`. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * "Delete draft", after asking: `name` is the draft's ("CO-7 v2"), `remove` deletes it, and `onDeleted` runs once the
 * server has (go back to the list). The server's refusal shows in the question.
 */
export function DeleteDraftButton({
  name,
  remove,
  disabled,
  onDeleted,
  children,
}: {
  name: string;
  remove: UseMutationResult<void, Error, void>;
  disabled: boolean;
  onDeleted: () => void;
  /** What deleting means, in the question. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
      danger
      trigger={
        <Button variant="ghost" className="text-red-800" disabled={disabled || remove.isPending}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete draft
        </Button>
      }
      title={`Delete draft ${name}?`}
      confirmLabel="Delete the draft"
      pending={remove.isPending}
      error={remove.error ? (formErrors(remove.error).form ?? 'The draft could not be deleted. Try again in a moment.') : null}
      onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
    >
      {children}
    </ConfirmDialog>
  );
}
