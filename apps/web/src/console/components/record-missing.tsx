import { ApiRequestError } from '../../lib/api-client';

/**
 * A record the console could not show: "Page not found" when the API answered 404 (another company's, another
 * project's, or none; also when `error` is null, a record of another project), else a failure to try again.
 */
export function RecordMissing({ error, noun, owner, level = 2 }: { error: unknown; noun: string; owner: string; level?: 1 | 2 }) {
  const missing = !error || (error instanceof ApiRequestError && error.status === 404);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <Heading className={`mb-2 font-semibold text-slate-900 ${level === 1 ? 'text-2xl' : 'text-xl'}`}>
        {missing ? 'Page not found' : 'Something went wrong'}
      </Heading>
      <p className="text-slate-700">
        {missing ? `This ${noun} does not exist or belongs to another ${owner}.` : `The ${noun} could not be loaded. Try again in a moment.`}
      </p>
    </div>
  );
}
