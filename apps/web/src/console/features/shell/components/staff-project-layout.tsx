import type { IntegrationProject } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../../components/document-title';
import { ScrollingTabs } from '../../../components/scrolling-tabs';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { RecordMissing } from '../../../components/record-missing';
import { staffQueryOptions } from '../../../lib/staff-api';

export interface StaffProjectTab {
  /** The path below the project's, '' for its overview. */
  path: string;
  label: string;
}

/** The tabs of a project in the console, in their order. */
export const STAFF_PROJECT_TABS: StaffProjectTab[] = [
  { path: '', label: 'Overview' },
  { path: 'customers', label: 'Customers' },
  { path: 'notes', label: 'Notes' },
  { path: 'photos', label: 'Photos' },
  { path: 'documents', label: 'Documents' },
  { path: 'invoices', label: 'Invoices' },
  { path: 'proposals', label: 'Proposals' },
  { path: 'change-orders', label: 'Change orders' },
  { path: 'selections', label: 'Selections' },
  { path: 'schedule', label: 'Schedule' },
];

export const staffProjectQueryOptions = (projectId: number) => staffQueryOptions<IntegrationProject>(`/integration/projects/${projectId}`);

/** A project's frame in the console: its name, a way back to the list, its tabs. Another company's id reads "Page not found". */
export function StaffProjectLayout({ projectId, children }: { projectId: number; children: ReactNode }) {
  const project = useQuery(staffProjectQueryOptions(projectId));
  const title = project.data ? project.data.name || project.data.number || `Project ${project.data.id}` : null;
  useDocumentTitle(title);
  if (project.isPending) return <PageSpinner />;
  if (project.isError) return <RecordMissing error={project.error} noun="project" owner="company" level={1} />;
  return (
    <>
      <div className="mb-4 flex flex-col gap-1">
        <Link to="/staff/projects" className="text-sm font-medium text-slate-600 underline-offset-2 hover:underline">
          ← All projects
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere text-slate-900 sm:text-3xl">{title}</h1>
        {project.data.number && project.data.name ? <p className="text-slate-600">{project.data.number}</p> : null}
      </div>
      <ScrollingTabs label="Project" className="mb-6">
        {STAFF_PROJECT_TABS.map((tab) => {
          const to: string = `/staff/projects/${projectId}${tab.path ? `/${tab.path}` : ''}`;
          return (
            <li key={tab.path} className="shrink-0">
              <Link
                to={to}
                // A tab stays marked on its own pages below it (an album under Photos, an invoice under Invoices).
                activeOptions={{ exact: tab.path === '' }}
                className="inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900 data-[status=active]:border-portal data-[status=active]:text-slate-900"
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ScrollingTabs>
      {children}
    </>
  );
}
