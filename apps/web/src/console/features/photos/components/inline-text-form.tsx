import type { FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';

// The shared Button is sized for forms; a row of actions on a card is smaller (the marks win over its own padding).
export const SMALL_BUTTON = 'px-4! py-2! text-sm!';

/** One text edited in place on a card (an album's name, a photo's caption): the field, then Save and Cancel. */
export function InlineTextForm({
  label,
  field,
  value,
  onChange,
  maxLength,
  required,
  error,
  pending,
  saveLabel,
  onSubmit,
  onCancel,
  className,
  buttonsClassName,
  'aria-label': ariaLabel,
}: {
  label: string;
  /** The API's name of the field, whose message shows under it. */
  field: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  required?: boolean;
  /** The save request's error. */
  error: unknown;
  pending: boolean;
  saveLabel: string;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  className: string;
  buttonsClassName: string;
  'aria-label'?: string;
}) {
  const errors = formErrors(error);
  return (
    <form onSubmit={onSubmit} className={className} aria-label={ariaLabel}>
      <FormError message={errors.form} />
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={errors.fields[field]}
        required={required}
        maxLength={maxLength}
        autoFocus
      />
      <div className={buttonsClassName}>
        <Button type="submit" className={SMALL_BUTTON} disabled={pending}>
          {pending ? 'Saving…' : saveLabel}
        </Button>
        <Button variant="ghost" className={SMALL_BUTTON} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
