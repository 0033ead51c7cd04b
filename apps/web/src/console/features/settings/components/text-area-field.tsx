import { useId, type TextareaHTMLAttributes } from 'react';
import { fieldAria, LabelledField } from '../../../components/labelled-field';

/** A labelled text area whose error is announced and tied to it, as TextField does for an input. */
export function TextAreaField({
  label,
  error,
  hint,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined; hint?: string | undefined }) {
  const id = useId();
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        {...fieldAria(id, error, hint)}
        {...props}
        className={`rounded-lg border px-3 py-2.5 text-base text-slate-900 shadow-xs outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
    </LabelledField>
  );
}
