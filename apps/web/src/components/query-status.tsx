import { PageSpinner } from './ui/page-spinner';

/**
 * What a page shows while its query has nothing to show: a spinner while it loads, an alert when it failed. The page
 * draws the rest once `query.isSuccess`.
 */
export function QueryStatus({
  query,
  noun,
  loadingLabel,
  className = 'text-red-800',
}: {
  query: { isPending: boolean; isError: boolean };
  /** What failed to load, plural: "visits" in "The visits could not be loaded." */
  noun: string;
  /** The spinner's words; PageSpinner's own when left out. */
  loadingLabel?: string;
  className?: string;
}) {
  return (
    <>
      {query.isPending ? <PageSpinner label={loadingLabel} /> : null}
      {query.isError ? (
        <p role="alert" className={className}>
          {`The ${noun} could not be loaded. Try again in a moment.`}
        </p>
      ) : null}
    </>
  );
}
