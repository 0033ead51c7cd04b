import type { IntegrationProjectSort } from '@portal/contract/constants';
import { getRouteApi, Link } from '@tanstack/react-router';
import { FolderOpen, Plus } from 'lucide-react';
import { useDeferredValue } from 'react';
import { TableFrame, TablePager } from '../../../../components/table-frame';
import { useDocumentTitle } from '../../../../components/document-title';
import { ListToolbar } from '../../../../components/search-box';
import { SortHeader, type SortColumn } from '../../../../components/sort-header';
import type { SortOption } from '../../../../components/sort-select';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { formatDay, formatMoney } from '../../../../lib/format';
import { usePageInRange } from '../../../../lib/use-page-in-range';
import { useStaffProjects } from '../api/get-projects';
import { MAX_SEARCH_LENGTH, projectsState, searchOf, type StaffProjectsState } from '../search';
import { projectTitle, ProjectStatusBadge } from './project-bits';

const route = getRouteApi('/staff/projects');

const COLUMNS: (SortColumn<IntegrationProjectSort> & { field: IntegrationProjectSort })[] = [
  { field: 'name', label: 'Project' },
  { field: 'customer', label: 'Customer' },
  { field: 'status', label: 'Status' },
  { field: 'balance', label: 'Balance', className: 'text-right' },
  { field: 'last_activity_at', label: 'Last activity' },
];

const SORT_OPTIONS: SortOption<IntegrationProjectSort>[] = [
  { field: 'last_activity_at', asc: 'Last activity, oldest first', desc: 'Last activity, newest first' },
  { field: 'name', asc: 'Name, A to Z', desc: 'Name, Z to A' },
  { field: 'customer', asc: 'Customer, A to Z', desc: 'Customer, Z to A' },
  { field: 'status', asc: 'Status, first stage first', desc: 'Status, last stage first' },
  { field: 'balance', asc: 'Balance, smallest first', desc: 'Balance, largest first' },
];

const SORT_LABELS: Record<IntegrationProjectSort, string> = {
  id: 'id',
  updated_at: 'last change',
  created_at: 'date added',
  name: 'name',
  number: 'number',
  status: 'status',
  customer: 'customer',
  balance: 'balance',
  last_activity_at: 'last activity',
};

/** The company's projects (docs/staff-console.md, "Projects"): searched, sorted and paged in the URL, a table or cards. */
export function StaffProjectsPage() {
  useDocumentTitle('Projects');
  const state = projectsState(route.useSearch());
  const navigate = route.useNavigate();
  const deferredSearch = useDeferredValue(state.search);
  const projects = useStaffProjects({ ...state, search: deferredSearch });
  const page = projects.data;

  /** Anything but the page number itself starts again at page 1; typing replaces the history entry. */
  const show = (next: Partial<StaffProjectsState>, options: { replace?: boolean } = {}) =>
    void navigate({
      search: (previous) => ({ ...previous, ...searchOf({ ...projectsState(previous), page: 1, ...next }) }),
      replace: options.replace ?? false,
      resetScroll: !options.replace,
    });
  const sortBy = (field: IntegrationProjectSort) =>
    show({ sort: { field, direction: state.sort.field === field && state.sort.direction === 'asc' ? 'desc' : 'asc' } });
  usePageInRange(page, (last) => show({ page: last }, { replace: true }));
  const listLabel = `Projects, sorted by ${SORT_LABELS[state.sort.field]}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Projects</h1>
          <p className="text-slate-600">Every project of the company, with its customer, stage and what is still owed.</p>
        </div>
        <NewProjectLink />
      </div>
      <ListToolbar
        search={{ id: 'project-search', label: 'Search projects by name, number or customer', placeholder: 'Search projects', maxLength: MAX_SEARCH_LENGTH }}
        sortOptions={SORT_OPTIONS}
        state={state}
        show={show}
      />

      {!page ? (
        projects.isError ? (
          <p role="alert" className="text-red-800">
            The projects could not be loaded. Try again in a moment.
          </p>
        ) : (
          <PageSpinner label="Loading projects…" />
        )
      ) : page.total === 0 ? (
        <EmptyState icon={FolderOpen} title={deferredSearch ? 'No projects match' : 'No projects yet'}>
          {deferredSearch
            ? `No project’s name, number or customer holds “${deferredSearch}”.`
            : 'Add the first project with “New project”: its customer sees it once you invite them.'}
        </EmptyState>
      ) : (
        <>
          <TableFrame
            caption={listLabel}
            head={
              <>
                {COLUMNS.map((column) => (
                  <SortHeader key={column.field} column={column} sort={state.sort} onSort={sortBy} />
                ))}
              </>
            }
          >
            {page.data.map((project) => (
              <tr key={project.id} className="hover:bg-slate-50">
                <td className="px-4 py-3">
                  <Link
                    to="/staff/projects/$projectId"
                    params={{ projectId: project.id }}
                    className="font-medium text-slate-900 underline-offset-2 hover:underline"
                  >
                    {projectTitle(project)}
                  </Link>
                  {project.number && project.name ? <p className="text-slate-600">{project.number}</p> : null}
                </td>
                <td className="px-4 py-3 text-slate-700">{project.account?.name ?? '—'}</td>
                <td className="px-4 py-3">
                  <ProjectStatusBadge status={project.status ?? null} />
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(project.portal_balance_amount)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{project.last_activity_at ? formatDay(project.last_activity_at) : '—'}</td>
              </tr>
            ))}
          </TableFrame>
          {/* Below sm each project is a card, the whole card one link. */}
          <ul aria-label={listLabel} className="flex flex-col gap-3 sm:hidden">
            {page.data.map((project) => (
              <li key={project.id}>
                <Link
                  to="/staff/projects/$projectId"
                  params={{ projectId: project.id }}
                  className="flex flex-col gap-2 rounded-2xl bg-white p-4 text-sm ring-1 ring-slate-200 hover:ring-slate-300"
                >
                  <span className="flex flex-wrap items-start justify-between gap-2">
                    <span className="min-w-0 text-base font-medium wrap-anywhere text-slate-900">{projectTitle(project)}</span>
                    <ProjectStatusBadge status={project.status ?? null} />
                  </span>
                  <span className="text-slate-700">
                    {[project.number && project.name ? project.number : null, project.account?.name].filter(Boolean).join(' · ') || 'No customer yet'}
                  </span>
                  <span className="flex justify-between gap-2 text-slate-600">
                    <span>Balance {formatMoney(project.portal_balance_amount)}</span>
                    {project.last_activity_at ? <span>{formatDay(project.last_activity_at)}</span> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <TablePager label="Project pages" page={page} size={state.size} show={show} />
        </>
      )}
    </div>
  );
}

export function NewProjectLink() {
  return (
    <Link
      to="/staff/projects/new"
      className="inline-flex items-center justify-center gap-2 rounded-full bg-portal px-5 py-2.5 text-base font-semibold text-on-portal hover:brightness-110"
    >
      <Plus aria-hidden="true" className="size-4" />
      New project
    </Link>
  );
}
