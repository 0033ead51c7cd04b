import type { ReactNode } from 'react';

/**
 * A console form's control that is not a plain input (a text area, a select, a date): its label above it, its hint and
 * the server's message below, as TextField lays out an input. The control takes `id` and `fieldAria(id, …)`.
 */
export function LabelledField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What ties a LabelledField's control to its words: invalid while there is an error, described by the hint and the error shown. */
export function fieldAria(id: string, error: string | undefined, hint?: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined,
  } as const;
}

/** What went wrong with a step taken in place (a picture, a row's action), announced, in a line under it; nothing when all is well. */
export function InlineAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}
