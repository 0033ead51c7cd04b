import { useId } from 'react';

/** The console forms' own inputs (rows of a table of lines, long texts), drawn as the shared TextField draws its one. */
const INPUT = 'w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-xs outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
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
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        <span className="sr-only">{hiddenPrefix} </span>
        {label}
      </label>
      <input
        id={id}
        value={value}
        inputMode={inputMode}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} ${inputMode ? 'text-right tabular-nums' : ''} ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
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
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label} <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
