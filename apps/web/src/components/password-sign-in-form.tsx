import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { formErrors } from '../lib/form-errors';
import { Button } from './ui/button';
import { FormError } from './ui/form-error';
import { TextField } from './ui/text-field';

/**
 * Email and password, as the portal's and the staff console's sign-in pages ask for them: the server's messages beside
 * the fields, focus taken to the first field in error.
 *
 * The fields are the browser's own (uncontrolled): `/login` is drawn into its HTML and takes input before its script
 * has hydrated it, and React's hydration keeps what an input holds but not in a controlled field's state, which would
 * then disagree with the screen (docs/decisions/111-the-drawn-sign-in-page-usable-before-its-script.md). Read at
 * submit, what is sent is what the person sees. `method="post"`: a form sent without any script never puts the
 * password in the address.
 */
export function PasswordSignInForm(props: {
  /** The sign-in action's state (useAction). */
  action: { isPending: boolean; error: unknown };
  onSubmit: (credentials: { email: string; password: string }) => void;
  /** Below the password field, above the button (the "Forgot your password?" link). */
  children?: ReactNode;
}) {
  const errors = formErrors(props.action.error);
  const form = useRef<HTMLFormElement>(null);
  // A message beside a field is not announced by itself: focus takes the user (and a screen reader) to it.
  useEffect(() => {
    if (!errors.form) form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [props.action.error, errors.form]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    props.onSubmit({ email: String(fields.get('email') ?? ''), password: String(fields.get('password') ?? '') });
  };

  return (
    <form ref={form} method="post" className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <FormError message={errors.form} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.fields.email} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.fields.password} />
      {props.children}
      <Button type="submit" disabled={props.action.isPending}>
        {props.action.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
