import type { AuditActorEntry, AuditEntry } from '@portal/contract';
import { ScrollText } from 'lucide-react';
import { useId, useState } from 'react';
import { useDocumentTitle } from '../../../components/document-title';
import { Pagination } from '../../../components/pagination';
import { isOwner, useStaffMember } from '../../../components/staff/staff-member';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { formatMoment } from '../../../lib/format';
import { DEFAULT_PAGE_SIZE } from '../../../lib/page-buttons';
import { useAuditActors } from '../api/get-audit-actors';
import { useAuditLog } from '../api/get-audit-log';

const KIND_LABEL = { api_key: 'API key', staff: 'Staff', operator: 'Operator' } as const;

const actorValue = (actor: Pick<AuditActorEntry, 'kind' | 'id'>) => `${actor.kind}:${actor.id ?? ''}`;

function parseActor(value: string): AuditActorEntry | undefined {
  const [kind, id] = value.split(':');
  if (kind !== 'api_key' && kind !== 'staff' && kind !== 'operator') return undefined;
  return { kind, id: id ? Number(id) : null, label: '' };
}

const target = (entry: AuditEntry) => (entry.target ? `${entry.target.kind.replace(/_/g, ' ')} ${entry.target.id}` : '—');

function Actor({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <span className="block wrap-anywhere font-medium text-slate-900">{entry.actor.label}</span>
      {entry.actor.label === KIND_LABEL[entry.actor.kind] ? null : <span className="block text-xs text-slate-600">{KIND_LABEL[entry.actor.kind]}</span>}
    </>
  );
}

/** Desktop: a table. */
function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Audit log, newest first</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              When
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Who
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              What
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Record
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              From
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
              </td>
              <td className="px-4 py-3">
                <Actor entry={entry} />
              </td>
              <td className="px-4 py-3">
                <span className="block text-slate-900">{entry.summary}</span>
                <code className="block text-xs text-slate-600">
                  {entry.method} {entry.route}
                </code>
              </td>
              <td className="px-4 py-3 text-slate-700">{target(entry)}</td>
              <td className="px-4 py-3 text-slate-700">{entry.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A phone: one card per entry. */
function AuditCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul aria-label="Audit log, newest first" className="flex flex-col gap-3 md:hidden">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <p className="mb-1 wrap-anywhere font-medium text-slate-900">{entry.summary}</p>
          <p className="mb-2 text-sm text-slate-700">
            {entry.actor.label}
            {entry.actor.label === KIND_LABEL[entry.actor.kind] ? null : <span className="text-slate-600"> ({KIND_LABEL[entry.actor.kind]})</span>}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
            <dt className="text-slate-600">When</dt>
            <dd>
              <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
            </dd>
            <dt className="text-slate-600">Record</dt>
            <dd>{target(entry)}</dd>
            <dt className="text-slate-600">From</dt>
            <dd className="break-all">{entry.ip ?? '—'}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * The company's audit log in the console, owners only (docs/staff-console.md; docs/decisions/049-audit-log.md): who
 * did what and when, from which key or member, filtered by actor.
 */
export function AuditLogPage() {
  const member = useStaffMember();
  useDocumentTitle('Audit log');
  if (!isOwner(member)) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="mb-2 text-2xl font-semibold text-slate-900">Owners only</h1>
        <p className="text-slate-700">Only an owner of the company may read the audit log.</p>
      </div>
    );
  }
  return <AuditLogView />;
}

function AuditLogView() {
  const selectId = useId();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [actor, setActor] = useState<AuditActorEntry | undefined>();
  const actors = useAuditActors();
  const log = useAuditLog({ page, size, ...(actor ? { actor } : {}) });

  return (
    <>
      <PageHeading title="Audit log">Who did what, and when: every change made with an API key, in the console, or by the portal&apos;s operator.</PageHeading>
      <div className="mb-4 flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-900">
          Actor
        </label>
        <select
          id={selectId}
          value={actor ? actorValue(actor) : ''}
          onChange={(event) => {
            setActor(parseActor(event.target.value));
            setPage(1);
          }}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 sm:w-auto sm:min-w-64"
        >
          <option value="">Everyone</option>
          {(actors.data?.data ?? []).map((option) => (
            <option key={actorValue(option)} value={actorValue(option)}>
              {option.label} ({KIND_LABEL[option.kind]})
            </option>
          ))}
        </select>
      </div>
      {log.isPending ? (
        <PageSpinner />
      ) : log.isError ? (
        <p role="alert" className="text-slate-700">
          The audit log could not be loaded. Try again in a moment.
        </p>
      ) : log.data.data.length === 0 ? (
        <EmptyState icon={ScrollText} title="Nothing recorded yet">
          {actor ? 'This actor has changed nothing yet.' : 'Changes made with API keys or in the console will be listed here.'}
        </EmptyState>
      ) : (
        <>
          <AuditTable entries={log.data.data} />
          <AuditCards entries={log.data.data} />
          <div className="mt-6">
            <Pagination
              label="Audit log pages"
              page={log.data.current_page}
              lastPage={log.data.last_page}
              pageSize={size}
              total={log.data.total}
              onPageChange={setPage}
              onPageSizeChange={(next) => {
                setSize(next);
                setPage(1);
              }}
            />
          </div>
        </>
      )}
    </>
  );
}
