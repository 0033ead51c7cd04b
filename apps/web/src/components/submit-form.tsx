import type { FormEvent, ReactNode, Ref } from 'react';
import { formErrors } from '../lib/form-errors';
import { WriteControls } from './read-only';
import { Button } from './ui/button';
import { FormError } from './ui/form-error';
import { TextField, type TextFieldProps } from './ui/text-field';

/**
 * A form of one request: the API's message for the whole form above the fields, then one submit button that says so
 * while the request runs, then `after` (another way on, e.g. "I already have a code").
 */
export function SubmitForm({
  onSubmit,
  error,
  pending,
  label,
  pendingLabel,
  className = 'flex flex-col gap-4',
  buttonClassName,
  writeControls = false,
  formRef,
  'aria-label': ariaLabel,
  after,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  /** The request's error: its form-level message shows above the fields. */
  error: unknown;
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
  buttonClassName?: string;
  /** The form writes to the account: a read-only portal disables its controls (components/read-only.tsx). */
  writeControls?: boolean;
  formRef?: Ref<HTMLFormElement>;
  'aria-label'?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  const controls = (
    <>
      <FormError message={formErrors(error).form} />
      {children}
      <Button type="submit" className={buttonClassName} disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
      {after}
    </>
  );
  return (
    <form ref={formRef} className={className} onSubmit={onSubmit} noValidate aria-label={ariaLabel}>
      {writeControls ? <WriteControls>{controls}</WriteControls> : controls}
    </form>
  );
}

/** The email address a person signs in with, or changes to. */
export function EmailField({ label = 'Email', name = 'email', ...props }: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'> & { label?: string }) {
  return <TextField label={label} name={name} type="email" autoComplete="email" required {...props} />;
}

/** The password a person has now, asked for before a change to the account. */
export function CurrentPasswordField({ label = 'Current password', ...props }: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'> & { label?: string }) {
  return <TextField label={label} type="password" autoComplete="current-password" required {...props} />;
}
