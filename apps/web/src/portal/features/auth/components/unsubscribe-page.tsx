import type { UnsubscribeResponse } from '@portal/contract';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { FormError } from '../../../../components/ui/form-error';
import { formErrors } from '../../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useUnsubscribe } from '../api/unsubscribe';
import { useLinkToken } from './use-link-token';

/**
 * What an email's "Stop emails about …" link opens: it turns that kind off at once, signed in or not, and says what
 * it turned off (docs/decisions/041-notice-unsubscribe-tokens.md). Mail clients that unsubscribe with one click call
 * the API directly, without this page.
 */
export function UnsubscribePage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const token = useLinkToken(search);
  const action = useUnsubscribe();
  const [done, setDone] = useState<UnsubscribeResponse | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void action.run({ token }, { onSuccess: setDone });
  }, [token, action]);

  const failed = formErrors(action.error).form;
  return (
    <>
      <h1 className="mb-3 text-2xl font-semibold tracking-tight">{done ? 'You are unsubscribed' : failed ? 'This link did not work' : 'Unsubscribe'}</h1>
      {done ? (
        <p role="status" className="text-slate-700">
          {done.message}
        </p>
      ) : failed ? (
        <FormError message={failed} />
      ) : token ? (
        <p role="status" className="text-slate-600">
          Turning these emails off…
        </p>
      ) : (
        <p className="text-slate-600">Open this page with the unsubscribe link at the bottom of one of our emails.</p>
      )}
      <p className="mt-6 text-sm text-slate-600">
        <Link {...paths.notifications({ theme: typeof search.theme === 'string' ? search.theme : undefined })} className="font-medium text-slate-900 underline">
          Choose which emails you get
        </Link>{' '}
        (you may be asked to sign in).
      </p>
    </>
  );
}
