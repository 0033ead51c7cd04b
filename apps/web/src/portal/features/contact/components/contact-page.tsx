import { CONTACT_HONEYPOT_FIELD, CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES_PER_HOUR, CONTACT_SUBJECT_MAX_LENGTH } from '@portal/contract/constants';
import type { ContactCompany, ContactInfo } from '@portal/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Building2, Globe, Mail, MapPin, Phone } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Avatar } from '../../../../components/ui/avatar';
import { WriteControls } from '../../../../components/read-only';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { FormError } from '../../../../components/ui/form-error';
import { IconItem } from '../../../../components/ui/icon-item';
import { PageHeading } from '../../../../components/ui/page-heading';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { TextField } from '../../../../components/ui/text-field';
import { ApiRequestError } from '../../../../lib/api-client';
import { formatCount, telHref } from '../../../../lib/format';
import { paths } from '../../../lib/paths';
import { toast } from '../../../../lib/toast';
import { useContact } from '../api/get-contact';
import { useContactCompanies } from '../api/get-contact-companies';
import { useSendMessage } from '../api/send-message';

const route = getRouteApi('/default/contact');

const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};
const link = 'font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950';

function CompanyCard({ company, children }: { company: ContactCompany; children?: ReactNode }) {
  const cityLine = [[company.address_city, company.address_state].filter(Boolean).join(', '), company.address_zip].filter(Boolean).join(' ');
  return (
    <section aria-labelledby={`company-${company.id}`} className="flex flex-col gap-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <div className="flex items-center gap-4">
        {company.logo_url ? (
          <img src={company.logo_url} alt="" width={56} height={56} className="size-14 shrink-0 rounded-xl object-contain" />
        ) : (
          <Building2 aria-hidden="true" className="size-10 text-slate-500" />
        )}
        <h2 id={`company-${company.id}`} className="text-xl font-semibold text-slate-900">
          {company.name}
        </h2>
      </div>
      <ul className="flex flex-col gap-3 text-slate-800">
        {company.phone_default ? (
          <IconItem icon={Phone}>
            <a href={telHref(company.phone_default)} className={link}>
              {company.phone_default}
            </a>
          </IconItem>
        ) : null}
        {company.url ? (
          <IconItem icon={Globe}>
            <a href={company.url} target="_blank" rel="noopener noreferrer" className={link}>
              {hostOf(company.url)}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </IconItem>
        ) : null}
        {company.address_street || cityLine ? (
          <IconItem icon={MapPin} top>
            <address className="not-italic">
              {company.address_street}
              {company.address_street && cityLine ? <br /> : null}
              {cityLine}
            </address>
          </IconItem>
        ) : null}
      </ul>
      {children}
    </section>
  );
}

function RepCard({ rep }: { rep: NonNullable<ContactInfo['rep_primary']> }) {
  return (
    <section aria-labelledby="rep-heading" className="flex flex-col gap-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h2 id="rep-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        Your representative
      </h2>
      <div className="flex items-center gap-4">
        <Avatar name={rep.name} url={rep.avatar_url} size="lg" />
        <div className="flex flex-col">
          <span className="text-lg font-semibold text-slate-900">{rep.name}</span>
          {rep.title ? <span className="text-slate-600">{rep.title}</span> : null}
        </div>
      </div>
      <ul className="flex flex-col gap-3 text-slate-800">
        {rep.phone ? (
          <IconItem icon={Phone}>
            <a href={telHref(rep.phone)} className={link} aria-label={`Call ${rep.name}, ${rep.phone}`}>
              {rep.phone}
            </a>
          </IconItem>
        ) : null}
        {rep.email ? (
          <IconItem icon={Mail}>
            <a href={`mailto:${rep.email}`} className={`${link} break-all`}>
              {rep.email}
            </a>
          </IconItem>
        ) : null}
      </ul>
    </section>
  );
}

function MessageForm({ entity, companyName }: { entity: number; companyName: string }) {
  const id = useId();
  const send = useSendMessage();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const over = message.length - CONTACT_MESSAGE_MAX_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    send.mutate(
      { entity, subject, message, ...(honeypot ? { [CONTACT_HONEYPOT_FIELD]: honeypot } : {}) },
      {
        onSuccess: () => {
          toast.success('Message sent', `${companyName} will get back to you by email.`);
          setSubject('');
          setMessage('');
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 429) {
            setFormError(`You have sent ${CONTACT_MESSAGES_PER_HOUR} messages in the last hour. Please wait a while before sending another, or call us.`);
          } else if (error instanceof ApiRequestError && error.status === 422) {
            setErrors(error.fieldErrors());
            setFormError('Please check the highlighted fields.');
          } else {
            setFormError('Your message could not be sent. Please try again.');
          }
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Send a message
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <WriteControls>
          <FormError message={formError} />
          <TextField
            label="Subject"
            name="subject"
            value={subject}
            onChange={(event) => setSubject(event.target.value.replace(/[\r\n]+/g, ' '))}
            maxLength={CONTACT_SUBJECT_MAX_LENGTH}
            required
            error={errors.subject?.[0]}
            autoComplete="off"
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-message`} className="text-sm font-medium text-slate-800">
              Message
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              rows={7}
              required
              aria-invalid={over > 0 || errors.message ? true : undefined}
              aria-describedby={`${id}-count${errors.message ? ` ${id}-message-error` : ''}`}
              className={`rounded-lg border px-3 py-2.5 text-base text-slate-900 shadow-xs outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 ${over > 0 || errors.message ? 'border-red-600' : 'border-slate-300'}`}
            />
            <p id={`${id}-count`} className={`text-sm ${over > 0 ? 'font-semibold text-red-800' : 'text-slate-600'}`}>
              {over > 0
                ? `${formatCount(over)} characters too long (at most ${formatCount(CONTACT_MESSAGE_MAX_LENGTH)})`
                : `${formatCount(message.length)} / ${formatCount(CONTACT_MESSAGE_MAX_LENGTH)}`}
            </p>
            {errors.message ? (
              <p id={`${id}-message-error`} className="text-sm text-red-700">
                {errors.message[0]}
              </p>
            ) : null}
          </div>
          {/* A honeypot: hidden from people and from assistive technology; bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website`}>Leave this field empty</label>
            <input
              id={`${id}-website`}
              name={CONTACT_HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(event) => setHoneypot(event.target.value)}
            />
          </div>
          <div>
            <Button type="submit" disabled={send.isPending || over > 0}>
              <Mail aria-hidden="true" className="size-5" />
              {send.isPending ? 'Sending…' : 'Send message'}
            </Button>
          </div>
        </WriteControls>
      </form>
    </section>
  );
}

function CompanyChooser() {
  const companies = useContactCompanies(true);
  if (companies.isPending) return <PageSpinner />;
  if (companies.isError) return <p role="alert">The companies could not be loaded. Please try again.</p>;
  if (companies.data.data.length === 0) {
    return (
      <EmptyState icon={Building2} title="No projects yet">
        When a company shares a project with you, how to reach it will appear here.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {companies.data.data.map(({ company, entities }) => (
        <CompanyCard key={company.id} company={company}>
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
            <h3 className="text-sm font-semibold text-slate-700">Write about a project</h3>
            <ul className="flex flex-wrap gap-2">
              {entities.map((entity) => (
                <li key={entity.id}>
                  <Link
                    {...paths.contact({ entity: entity.id })}
                    className="inline-flex rounded-full px-4 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100"
                  >
                    {entity.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </CompanyCard>
      ))}
    </div>
  );
}

export function ContactPage() {
  const { entity } = route.useSearch();
  const contact = useContact(entity);

  if (entity === undefined) {
    return (
      <>
        <PageHeading title="Contact">Pick the company you want to reach.</PageHeading>
        <CompanyChooser />
      </>
    );
  }
  if (contact.isPending) return <PageSpinner />;
  if (contact.isError) return <p role="alert">The contact details could not be loaded. Please try again.</p>;

  const { company, rep_primary: rep, project } = contact.data;
  const projectName = project.name || project.address_street || 'your project';
  return (
    <>
      <PageHeading title="Contact">
        How to reach {company.name} about {projectName}
        {project.number ? ` (${project.number})` : ''}.
      </PageHeading>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-6">
          <CompanyCard company={company} />
          {rep ? <RepCard rep={rep} /> : null}
        </div>
        <MessageForm key={entity} entity={entity} companyName={company.name} />
      </div>
    </>
  );
}
