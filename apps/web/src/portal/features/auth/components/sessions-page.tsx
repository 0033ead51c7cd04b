import { Laptop } from 'lucide-react';
import { PageHeading } from '../../../../components/ui/page-heading';
import { WriteControls } from '../../../../components/read-only';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../lib/toast';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/get-sessions';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function SessionsPage() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.data.filter((session) => !session.current) ?? [];

  return (
    <>
      <PageHeading title="Signed-in devices">Sign out of a device you no longer use or do not recognise.</PageHeading>
      {sessions.isPending ? <p role="status">Loading your sessions…</p> : null}
      {sessions.isError ? <p role="alert">Your sessions could not be loaded.</p> : null}
      <ul className="flex flex-col divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
        {sessions.data?.data.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-4 px-5 py-4">
            <Laptop aria-hidden="true" className="size-6 text-slate-500" />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium">
                {session.device}
                {session.current ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">This device</span> : null}
              </span>
              <span className="text-sm text-slate-600">
                Last used {when.format(new Date(session.last_used_at))}
                {session.ip ? ` · ${session.ip}` : ''}
              </span>
            </div>
            {session.current ? null : (
              <WriteControls>
                <Button
                  variant="ghost"
                  className="px-4 py-2 text-sm"
                  aria-label={`Sign out ${session.device}, last used ${when.format(new Date(session.last_used_at))}`}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(session.id, { onSuccess: () => toast.success('Signed out', `${session.device} is signed out.`) })}
                >
                  Sign out
                </Button>
              </WriteControls>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <WriteControls>
          <Button
            variant="danger"
            className="mt-6"
            disabled={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate(undefined, { onSuccess: () => toast.success('Signed out everywhere else') })}
          >
            Sign out everywhere else
          </Button>
        </WriteControls>
      ) : null}
    </>
  );
}
