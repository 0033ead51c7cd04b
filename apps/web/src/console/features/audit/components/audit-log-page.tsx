import type { AuditActorEntry, AuditActorKind, AuditEntry } from '@portal/contract';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { LabelledSelect } from '../../../../components/labelled-select';
import { useDocumentTitle } from '../../../../components/document-title';
import { isOwner, useStaffMember } from '../../../components/staff-member';
import { PageHeading } from '../../../../components/ui/page-heading';
import { formatMoment } from '../../../../lib/format';
import { DEFAULT_PAGE_SIZE } from '../../../../lib/page-buttons';
import { usePaging } from '../../../../lib/use-paging';
import { ListPage, type ListColumn } from '../../../components/list-page';
import { useAuditActors } from '../api/get-audit-actors';
import { useAuditLog } from '../api/get-audit-log';

/** A customer appears for what their choice of a selection changed on the company side (a change order it made). */
const KIND_LABEL: Record<AuditActorKind, string> = { api_key: 'API key', staff: 'Staff', operator: 'Operator', portal_user: 'Customer' };

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

const COLUMNS: ListColumn<AuditEntry>[] = [
  { label: 'When', className: 'whitespace-nowrap text-slate-700', cell: (entry) => <time dateTime={entry.at}>{formatMoment(entry.at)}</time> },
  { label: 'Who', cell: (entry) => <Actor entry={entry} /> },
  {
    label: 'What',
    cell: (entry) => (
      <>
        <span className="block text-slate-900">{entry.summary}</span>
        <code className="block text-xs text-slate-600">
          {entry.method} {entry.route}
        </code>
      </>
    ),
  },
  { label: 'Record', className: 'text-slate-700', cell: target },
  { label: 'From', className: 'text-slate-700', cell: (entry) => entry.ip ?? '—' },
];

/** A phone: one card per entry. */
function AuditCard({ entry }: { entry: AuditEntry }) {
  return (
    <>
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
    </>
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
  const paging = usePaging(DEFAULT_PAGE_SIZE);
  const [actor, setActor] = useState<AuditActorEntry | undefined>();
  const actors = useAuditActors();
  const log = useAuditLog({ page: paging.page, size: paging.size, ...(actor ? { actor } : {}) });

  return (
    <>
      <PageHeading title="Audit log">Who did what, and when: every change made with an API key, in the console, or by the portal&apos;s operator.</PageHeading>
      <LabelledSelect
        label="Actor"
        className="mb-4 flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3"
        labelClassName="text-sm font-medium text-slate-900"
        selectClassName="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 sm:w-auto sm:min-w-64"
        value={actor ? actorValue(actor) : ''}
        onChange={(value) => {
          setActor(parseActor(value));
          paging.setPage(1);
        }}
      >
        <option value="">Everyone</option>
        {(actors.data?.data ?? []).map((option) => (
          <option key={actorValue(option)} value={actorValue(option)}>
            {option.label} ({KIND_LABEL[option.kind]})
          </option>
        ))}
      </LabelledSelect>
      <ListPage
        noun="audit log"
        query={log}
        caption="Audit log, newest first"
        columns={COLUMNS}
        rowKey={(entry) => entry.id}
        card={(entry) => <AuditCard entry={entry} />}
        empty={{
          icon: ScrollText,
          title: 'Nothing recorded yet',
          children: actor ? 'This actor has changed nothing yet.' : 'Changes made with API keys or in the console will be listed here.',
        }}
        paging={paging}
        pagesLabel="Audit log pages"
      />
    </>
  );
}
