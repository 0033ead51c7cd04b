import type { PortalUser } from '@portal/contract';
import { NOTICE_KIND_LABELS, NOTICE_KINDS } from '@portal/contract/notice-kinds';
import { Link, useLocation, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { CurrentPasswordField, EmailField, SubmitForm } from '../../../../components/submit-form';
import { PageHeading } from '../../../../components/ui/page-heading';
import { TextField } from '../../../../components/ui/text-field';
import { CALENDAR_FEED_SECTION_ID, paths } from '../../../lib/paths';
import { toast } from '../../../../lib/toast';
import { useRequestEmailChange } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useMe } from '../api/get-me';
import { useUpdateProfile } from '../api/update-profile';
import { formErrors } from '../../../../lib/form-errors';
import { NewPasswordFields } from '../../../../components/new-password-fields';
import { CalendarFeedSection } from './calendar-feed-section';

function Section({ id, title, description, children }: { id?: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-label={title} className="scroll-mt-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One form of the page: the API's message above its fields, and one submit button that says while it works. */
function AccountForm(props: {
  onSubmit: (event: FormEvent) => void;
  error: unknown;
  pending: boolean;
  label: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  return <SubmitForm {...props} className="flex max-w-md flex-col gap-4" buttonClassName="self-start" writeControls />;
}

function NameForm({ user }: { user: PortalUser }) {
  const update = useUpdateProfile();
  const [firstName, setFirstName] = useState(user.first_name ?? '');
  const [lastName, setLastName] = useState(user.last_name ?? '');
  const errors = formErrors(update.error).fields;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ first_name: firstName, last_name: lastName }, { onSuccess: () => toast.success('Name saved') });
  };
  return (
    <AccountForm onSubmit={submit} error={update.error} pending={update.isPending} label="Save name" pendingLabel="Saving…">
      <TextField
        label="First name"
        name="first_name"
        autoComplete="given-name"
        value={firstName}
        onChange={(event) => setFirstName(event.target.value)}
        error={errors.first_name}
      />
      <TextField
        label="Last name"
        name="last_name"
        autoComplete="family-name"
        value={lastName}
        onChange={(event) => setLastName(event.target.value)}
        error={errors.last_name}
      />
    </AccountForm>
  );
}

function EmailForm() {
  const change = useRequestEmailChange();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const errors = formErrors(change.error).fields;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    change.mutate(
      { email, current_password: currentPassword },
      {
        onSuccess: ({ message }) => {
          setSent(message);
          setCurrentPassword('');
        },
      },
    );
  };
  return (
    <AccountForm onSubmit={submit} error={change.error} pending={change.isPending} label="Send a confirmation link" pendingLabel="Sending…">
      {sent ? (
        <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-900 ring-1 ring-green-200">
          {sent}
        </p>
      ) : null}
      <EmailField label="New email address" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
      <CurrentPasswordField
        name="email-current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
        error={errors.current_password}
      />
    </AccountForm>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [differ, setDiffer] = useState(false);
  const errors = formErrors(change.error).fields;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDiffer(password !== repeat);
    if (password !== repeat) return;
    change.mutate(
      { current_password: currentPassword, password },
      {
        onSuccess: () => {
          for (const clear of [setCurrentPassword, setPassword, setRepeat]) clear('');
          toast.success('Password changed', 'Every other device was signed out.');
        },
      },
    );
  };
  return (
    <AccountForm onSubmit={submit} error={change.error} pending={change.isPending} label="Change password" pendingLabel="Changing…">
      <CurrentPasswordField
        name="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
        error={errors.current_password}
      />
      <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} error={errors.password} differ={differ} />
    </AccountForm>
  );
}

/** Every kind of email the server sends, as the notification settings name them: "new notes, invoices, … and scheduled visits". */
const NOTICES_IN_WORDS = (() => {
  const labels = NOTICE_KINDS.map((kind) => NOTICE_KIND_LABELS[kind].label.toLowerCase());
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
})();

export function AccountPage() {
  const me = useMe();
  const search = useSearch({ strict: false }) as { entity?: number };
  const hash = useLocation({ select: (location) => location.hash });
  const user = me.data;
  // A link to one section (the calendar page's "Subscribe to this calendar") lands on it once the sections are drawn.
  useEffect(() => {
    if (user && hash) document.getElementById(hash)?.scrollIntoView?.();
  }, [user, hash]);

  return (
    <>
      <PageHeading title="Account settings">Your name, email address and password.</PageHeading>
      {me.isPending ? <p role="status">Loading your account…</p> : null}
      {me.isError ? <p role="alert">Your account could not be loaded.</p> : null}
      {user ? (
        <div className="flex flex-col gap-6">
          <Section title="Name">
            <NameForm key={user.id} user={user} />
          </Section>
          <Section
            title="Email address"
            description={
              <>
                You sign in with <strong className="font-semibold text-slate-900">{user.email}</strong>. A new address takes effect once you open the link we
                send to it.
              </>
            }
          >
            <EmailForm />
          </Section>
          <Section title="Password" description="Changing it signs you out on every other device.">
            <PasswordForm />
          </Section>
          <Section title="Email notifications" description={`Emails about ${NOTICES_IN_WORDS} on your projects.`}>
            <Link {...paths.notifications({ entity: search.entity })} className="font-medium text-slate-900 underline">
              Choose which emails you get
            </Link>
          </Section>
          <Section
            id={CALENDAR_FEED_SECTION_ID}
            title="Subscribe in your calendar app"
            description="A private link that puts your projects’ visits in Google Calendar, Apple Calendar or Outlook, kept up to date."
          >
            <CalendarFeedSection />
          </Section>
          <Section title="Signed-in devices">
            <Link {...paths.sessions({ entity: search.entity })} className="font-medium text-slate-900 underline">
              See where you are signed in
            </Link>
          </Section>
        </div>
      ) : null}
    </>
  );
}
