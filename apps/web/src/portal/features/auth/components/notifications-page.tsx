import { NOTICE_KIND_LABELS, NOTICE_KINDS, NOTIFICATION_MESSAGES, type NoticeKind } from '@portal/contract/notice-kinds';
import type { NotificationPreferences } from '@portal/contract';
import { Link, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { WriteControls } from '../../../../components/read-only';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { PageHeading } from '../../../../components/ui/page-heading';
import { formErrors } from '../../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { toast } from '../../../../lib/toast';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

function SettingsForm({ saved: initial }: { saved: NotificationPreferences }) {
  const update = useUpdateNotificationSettings();
  const [choices, setChoices] = useState<NotificationPreferences>(initial);
  const [confirmed, setConfirmed] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(choices, {
      onSuccess: (settings) => {
        setChoices(settings);
        setConfirmed(true);
        toast.success('Email settings saved');
      },
    });
  };
  const toggle = (kind: NoticeKind, on: boolean) => {
    setConfirmed(false);
    setChoices((current) => ({ ...current, [kind]: on }));
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <WriteControls>
        <FormError message={formErrors(update.error).form} />
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 font-semibold text-slate-900">Email me when the company…</legend>
          {NOTICE_KINDS.map((kind) => (
            <div key={kind} className="flex items-start gap-3">
              <input
                id={`notice-${kind}`}
                type="checkbox"
                checked={choices[kind]}
                onChange={(event) => toggle(kind, event.target.checked)}
                aria-describedby={`notice-${kind}-description`}
                className="mt-1 size-5 shrink-0 rounded border-slate-400 accent-slate-900"
              />
              <div>
                <label htmlFor={`notice-${kind}`} className="font-medium text-slate-900">
                  {NOTICE_KIND_LABELS[kind].label}
                </label>
                <p id={`notice-${kind}-description`} className="text-sm text-slate-600">
                  {NOTICE_KIND_LABELS[kind].description}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button type="submit" className="self-start" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save email settings'}
          </Button>
          <p role="status" className="text-sm font-medium text-green-800">
            {confirmed ? NOTIFICATION_MESSAGES.saved : ''}
          </p>
        </div>
      </WriteControls>
    </form>
  );
}

/** Which email notices the signed-in user gets: one switch per kind (docs/decisions/041-notice-unsubscribe-tokens.md). */
export function NotificationsPage() {
  const settings = useNotificationSettings();
  const search = useSearch({ strict: false }) as { entity?: number };

  return (
    <>
      <PageHeading title="Email notifications">Choose which emails you get about your projects. Sign-in links and account emails always come.</PageHeading>
      {settings.isPending ? <p role="status">Loading your email settings…</p> : null}
      {settings.isError ? <p role="alert">Your email settings could not be loaded.</p> : null}
      {settings.data ? (
        <section aria-label="Email notifications" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <SettingsForm saved={settings.data} />
        </section>
      ) : null}
      <p className="mt-6 text-sm text-slate-600">
        <Link {...paths.account({ entity: search.entity })} className="font-medium text-slate-900 underline">
          Back to account settings
        </Link>
      </p>
    </>
  );
}
