import type { CalendarFeedCreated } from '@portal/contract';
import { CalendarPlus, Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { WriteControls } from '../../../../components/read-only';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { formatMoment } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

const small = 'px-4 py-2 text-sm';

/**
 * "Subscribe in your calendar app": the user's personal feed of the visits of every project shared with them. The
 * server shows the secret URL once, when it is made; after that the page can only make a new one (which voids the old)
 * or turn it off.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [made, setMade] = useState<CalendarFeedCreated | null>(null);
  const error = create.error ?? revoke.error ?? feed.error;

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setMade(created);
        revoke.reset();
        toast.success(feed.data?.active ? 'New calendar link made' : 'Calendar link made', feed.data?.active ? 'The old link no longer works.' : undefined);
      },
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setMade(null);
        create.reset();
        toast.success('Calendar link turned off', 'Calendar apps subscribed to it get no more visits.');
      },
    });

  const active = feed.data?.active ?? false;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">
        Anyone with the link sees your projects’ visits, so keep it to yourself; if it gets out, get a new link and the old one stops working.
      </p>
      <FormError message={error ? formErrors(error).form : null} />
      {feed.isPending ? <p role="status">Loading your calendar link…</p> : null}
      <WriteControls>
        {made && active ? <NewLink feed={made} /> : null}
        {feed.isSuccess && active && !made ? (
          <p className="text-slate-700">
            Your calendar link is on{feed.data.created_at ? `, made ${formatMoment(feed.data.created_at)}` : ''}.{' '}
            {feed.data.last_used_at ? `A calendar app last read it ${formatMoment(feed.data.last_used_at)}.` : 'No calendar app has read it yet.'} It is shown
            only when made: to add it to another app, get a new link.
          </p>
        ) : null}
        {feed.isSuccess ? (
          <div className="flex flex-wrap gap-2">
            <Button variant={active ? 'ghost' : 'primary'} className={active ? small : ''} disabled={create.isPending} onClick={makeLink}>
              {active ? null : <CalendarPlus aria-hidden="true" className="size-5" />}
              {create.isPending ? 'Making the link…' : active ? 'Get a new link' : 'Create my calendar link'}
            </Button>
            {active ? (
              <Button variant="ghost" className={`${small} text-red-800`} disabled={revoke.isPending} onClick={turnOff}>
                {revoke.isPending ? 'Turning off…' : 'Turn off the link'}
              </Button>
            ) : null}
          </div>
        ) : null}
      </WriteControls>
    </div>
  );
}

function NewLink({ feed }: { feed: CalendarFeedCreated }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(feed.url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-green-50 p-4 ring-1 ring-green-200">
      <p className="font-medium text-green-950">Your calendar link. Copy it now: it is shown only this once.</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          aria-label="Calendar link"
          className="min-w-0 flex-1 rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-green-200 select-all"
        >
          {feed.url}
        </code>
        <Button variant="secondary" className={small} onClick={copy}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'Copied' : 'Copy the link'}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? 'Copied to the clipboard.' : ''}
      </p>
      <p className="text-sm text-green-950">
        <a href={feed.webcal_url} className="font-semibold underline underline-offset-2">
          Open it in your calendar app
        </a>{' '}
        (Apple Calendar, Outlook), or paste the link where your calendar app adds a calendar “from URL” (Google Calendar: Other calendars, From URL).
      </p>
    </div>
  );
}
