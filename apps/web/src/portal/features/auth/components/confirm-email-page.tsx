import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { authToken } from '../../../../lib/auth-token';
import { useConfirmEmail } from '../api/confirm-email';
import { formErrors } from '../../../../lib/form-errors';
import { useLinkToken } from './use-link-token';

export function ConfirmEmailPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const token = useLinkToken(search);
  const confirm = useConfirmEmail();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const signedIn = authToken.get() !== null;

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Confirm your new email address</h1>
      {confirmed ? (
        <p className="mb-6 text-slate-600" role="status">
          Your email address is now {confirmed}. Use it the next time you sign in.
        </p>
      ) : token ? (
        // Opening the link only shows this button: mail scanners open links too, and must not confirm.
        <div className="flex flex-col gap-4">
          <p className="text-slate-600">Your account changes to this address once you confirm.</p>
          <FormError message={formErrors(confirm.error).form} />
          <Button type="button" disabled={confirm.isPending} onClick={() => void confirm.run({ token }, { onSuccess: (user) => setConfirmed(user.email) })}>
            {confirm.isPending ? 'Confirming…' : 'Confirm'}
          </Button>
        </div>
      ) : (
        <p className="mb-6 text-slate-600">Open this page with the link in the email we sent to your new address.</p>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        {signedIn ? (
          <Link to="/account" className="font-medium text-slate-900 underline">
            Back to your account settings
          </Link>
        ) : (
          <Link to="/login" className="font-medium text-slate-900 underline">
            Go to sign in
          </Link>
        )}
      </p>
    </>
  );
}
