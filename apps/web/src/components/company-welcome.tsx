import type { Company } from '@portal/contract';

/** The company's name, logo and welcome message, above the project (and in the console's branding preview). */
export function CompanyWelcome({ company }: { company: Pick<Company, 'name' | 'logo_url' | 'portal_welcome_message'> }) {
  return (
    <section aria-label={`Welcome from ${company.name}`} className="flex items-start gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      {company.logo_url ? (
        <img
          src={company.logo_url}
          alt={`${company.name} logo`}
          width={56}
          height={56}
          className="h-14 w-auto max-w-28 shrink-0 rounded-xl object-contain sm:max-w-48"
        />
      ) : null}
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold wrap-anywhere text-slate-900">{company.name}</p>
        {company.portal_welcome_message ? <p className="wrap-anywhere whitespace-pre-line text-slate-700">{company.portal_welcome_message}</p> : null}
      </div>
    </section>
  );
}
