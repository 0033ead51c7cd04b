import { PASSWORD_MIN_LENGTH } from '@portal/contract/constants';
import { TextField } from './ui/text-field';

export const PASSWORDS_DIFFER = 'The two passwords do not match.';

/** A new password typed twice; the server holds it to the password rules. */
export function NewPasswordFields(props: {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  /** The server's message about the new password. */
  error?: string | undefined;
  /** Shown once the form was submitted with two different passwords. */
  differ: boolean;
}) {
  return (
    <>
      <TextField
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={props.password}
        onChange={(event) => props.onPassword(event.target.value)}
        error={props.error}
      />
      <TextField
        label="Repeat the new password"
        name="repeat-password"
        type="password"
        autoComplete="new-password"
        required
        value={props.repeat}
        onChange={(event) => props.onRepeat(event.target.value)}
        error={props.differ ? PASSWORDS_DIFFER : undefined}
      />
    </>
  );
}
