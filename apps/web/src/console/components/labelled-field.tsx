import { useId, type ReactNode } from 'react';

/** The console forms' own inputs (rows of a table of lines, long texts), drawn as the shared TextField draws its one. */
const INPUT = 'w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-xs outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30';

/**
 * A console form's control that is not a plain input (a text area, a select, a date): its label above it, its hint and
 * the server's message below, as TextField lays out an input. The control takes `id` and `fieldAria(id, …)`.
 */
export function LabelledField({
  id,
  label,
  hint,
  error,
  className = 'flex min-w-0 flex-col gap-1',
  children,
}: {
  id: string;
  /** Words, or words with a part for screen readers only or an "(optional)". */
  label: ReactNode;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
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

/**
 * One field of a row of a table of lines: its label shows once per row, and `hiddenPrefix`, read first by a screen
 * reader, gives each row's field a name of its own ("Line 2 Quantity", "Section 1 item 2 Quantity").
 */
export function RowField({
  label,
  hiddenPrefix,
  value,
  error,
  onChange,
  className = '',
  inputMode,
}: {
  label: string;
  hiddenPrefix: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  className?: string;
  inputMode?: 'decimal';
}) {
  const id = useId();
  return (
    <LabelledField
      id={id}
      label={
        <>
          <span className="sr-only">{hiddenPrefix} </span>
          {label}
        </>
      }
      error={error}
      className={`flex min-w-0 flex-col gap-1 ${className}`}
    >
      <input
        id={id}
        value={value}
        inputMode={inputMode}
        autoComplete="off"
        {...fieldAria(id, error)}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} ${inputMode ? 'text-right tabular-nums' : ''} ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
    </LabelledField>
  );
}

/** A long text the form may leave empty (notes, terms, an intro). */
export function OptionalTextArea({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <LabelledField
      id={id}
      label={
        <>
          {label} <span className="font-normal text-slate-600">(optional)</span>
        </>
      }
      error={error}
      className="flex flex-col gap-1"
    >
      <textarea
        id={id}
        rows={3}
        value={value}
        {...fieldAria(id, error)}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
    </LabelledField>
  );
}
