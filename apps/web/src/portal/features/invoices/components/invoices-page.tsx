import { getRouteApi, Link } from '@tanstack/react-router';
import { PageHeading } from '../../../../components/ui/page-heading';
import type { ProjectPageProps } from '../../../lib/portal';
import { tableState } from '../search';
import { InvoiceDetail } from './invoice-detail';
import { InvoiceSummary } from './invoice-summary';
import { InvoicesTable } from './invoices-table';
import { StatementView } from './statement-view';

const route = getRouteApi('/default/invoices');

const tab = 'rounded-full px-4 py-2 text-sm font-semibold transition';
const tabStyle = (current: boolean) => `${tab} ${current ? 'bg-slate-900 text-white' : 'text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100'}`;

export function InvoicesPage({ entity }: ProjectPageProps) {
  const search = route.useSearch();
  const entityId = entity.id;
  const project = entity.model;
  const view = search.invoice !== undefined ? 'invoice' : search.view === 'statement' ? 'statement' : 'list';
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Invoices">
        {project ? `${project.name || project.address_street || 'Your project'}${project.number ? ` · ${project.number}` : ''}` : null}
      </PageHeading>
      <nav aria-label="Invoices and statement" className="-mt-2">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              from="/invoices"
              search={(previous) => ({ ...previous, view: undefined, invoice: undefined })}
              className={tabStyle(view === 'list')}
              aria-current={view === 'list' ? 'page' : undefined}
            >
              Invoices
            </Link>
          </li>
          <li>
            <Link
              from="/invoices"
              search={(previous) => ({ ...previous, view: 'statement' as const, invoice: undefined })}
              className={tabStyle(view === 'statement')}
              aria-current={view === 'statement' ? 'page' : undefined}
            >
              Statement of account
            </Link>
          </li>
        </ul>
      </nav>
      {view === 'invoice' ? <InvoiceDetail entity={entityId} /> : null}
      {view === 'statement' ? <StatementView entity={entityId} /> : null}
      {view === 'list' ? (
        <>
          <InvoiceSummary entity={entityId} />
          <InvoicesTable entity={entityId} state={tableState(search)} />
        </>
      ) : null}
    </div>
  );
}
