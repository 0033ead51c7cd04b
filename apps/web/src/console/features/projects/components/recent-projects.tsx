import { Link } from '@tanstack/react-router';
import { formatDay } from '../../../../lib/format';
import { useStaffProjects } from '../api/get-projects';
import { PROJECTS_DEFAULT_SORT, projectsState } from '../search';
import { NewProjectLink } from './projects-page';
import { projectTitle, ProjectStatusBadge } from './project-bits';

const RECENT = { ...projectsState({ sort: PROJECTS_DEFAULT_SORT }), size: 5 };

/** The console's home starts with the work: the projects most recently active, and the way to all of them. */
export function StaffRecentProjects() {
  const projects = useStaffProjects(RECENT);
  const rows = projects.data?.data;
  return (
    <section aria-labelledby="recent-projects" className="mb-6 flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-projects" className="text-lg font-semibold text-slate-900">
          Recently active projects
        </h2>
        <NewProjectLink />
      </div>
      {!rows ? (
        <p className="text-slate-600" role={projects.isError ? 'alert' : undefined}>
          {projects.isError ? 'The projects could not be loaded.' : 'Loading projects…'}
        </p>
      ) : rows.length === 0 ? (
        <p className="text-slate-600">No projects yet. Add the first one with “New project”.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((project) => (
            <li key={project.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
              <span className="min-w-0">
                <Link
                  to="/staff/projects/$projectId"
                  params={{ projectId: project.id }}
                  className="font-medium wrap-anywhere text-slate-900 underline-offset-2 hover:underline"
                >
                  {projectTitle(project)}
                </Link>
                {project.account ? <span className="text-slate-600"> · {project.account.name}</span> : null}
              </span>
              <span className="flex items-center gap-3 text-sm text-slate-600">
                <ProjectStatusBadge status={project.status ?? null} />
                {project.last_activity_at ? <span>{formatDay(project.last_activity_at)}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/staff/projects" className="self-start font-medium text-slate-800 underline underline-offset-2 hover:text-slate-950">
        All projects{projects.data ? ` (${projects.data.total})` : ''}
      </Link>
    </section>
  );
}
