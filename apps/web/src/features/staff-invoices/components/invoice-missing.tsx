import { ApiRequestError } from '../../../lib/api-client';

/** Another company's invoice, another project's, or none: "Page not found", as the API answered 404. */
export function InvoiceMissing({ error }: { error: unknown }) {
  const missing = !error || (error instanceof ApiRequestError && error.status === 404);
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 className="mb-2 text-xl font-semibold text-slate-900">{missing ? 'Page not found' : 'Something went wrong'}</h2>
      <p className="text-slate-700">
        {missing ? 'This invoice does not exist or belongs to another project.' : 'The invoice could not be loaded. Try again in a moment.'}
      </p>
    </div>
  );
}
