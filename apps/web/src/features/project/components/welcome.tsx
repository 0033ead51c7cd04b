import type { Company } from '@portal/contract';

/** The company's name, logo and welcome message, above the project. */
export function Welcome({ company }: { company: Company }) {
  return (
    <section aria-label={`Welcome from ${company.name}`} className="flex items-start gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      {company.logo_url ? <img src={company.logo_url} alt={`${company.name} logo`} width={56} height={56} className="size-14 shrink-0 rounded-xl" /> : null}
      <div className="flex flex-col gap-1">
        <p className="font-semibold text-slate-900">{company.name}</p>
        {company.portal_welcome_message ? <p className="text-slate-700">{company.portal_welcome_message}</p> : null}
      </div>
    </section>
  );
}
