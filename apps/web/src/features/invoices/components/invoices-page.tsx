import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { FolderKanban, Receipt } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../lib/paths';
import { entityQueryOptions } from '../../../lib/portal';
import { tableState } from '../search';
import { InvoiceDetail } from './invoice-detail';
import { InvoiceSummary } from './invoice-summary';
import { InvoicesTable } from './invoices-table';
import { StatementView } from './statement-view';

const route = getRouteApi('/default/invoices');

const tab = 'rounded-full px-4 py-2 text-sm font-semibold transition';
const tabStyle = (current: boolean) => `${tab} ${current ? 'bg-slate-900 text-white' : 'text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100'}`;

export function InvoicesPage() {
  const search = route.useSearch();
  const entityId = search.entity;
  const entity = useQuery({ ...entityQueryOptions(entityId ?? 0), enabled: entityId !== undefined });

  if (entityId === undefined) {
    return (
      <>
        <PageHeading title="Invoices" />
        <EmptyState icon={FolderKanban} title="Pick a project first">
          Invoices belong to a project. <Link {...paths.index()} className="font-medium text-blue-800 underline">Choose one of your projects</Link>.
        </EmptyState>
      </>
    );
  }
  if (entity.isPending) return <PageSpinner />;
  const company = entity.data?.company;
  if (!company?.is_portal_invoicing_enabled) {
    return (
      <>
        <PageHeading title="Invoices" />
        <EmptyState icon={Receipt} title="Invoices are not available">
          {company?.name ?? 'Your contractor'} does not share invoices through the portal. Please contact them for your account.
        </EmptyState>
      </>
    );
  }

  const project = entity.data?.model;
  const view = search.invoice !== undefined ? 'invoice' : search.view === 'statement' ? 'statement' : 'list';
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Invoices">{project ? `${project.name || project.address_street || 'Your project'}${project.number ? ` · ${project.number}` : ''}` : null}</PageHeading>
      <nav aria-label="Invoices and statement" className="-mt-2">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link from="/invoices" search={(previous) => ({ ...previous, view: undefined, invoice: undefined })} className={tabStyle(view === 'list')} aria-current={view === 'list' ? 'page' : undefined}>
              Invoices
            </Link>
          </li>
          <li>
            <Link from="/invoices" search={(previous) => ({ ...previous, view: 'statement' as const, invoice: undefined })} className={tabStyle(view === 'statement')} aria-current={view === 'statement' ? 'page' : undefined}>
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
