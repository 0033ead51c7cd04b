import type { IntegrationProject, ProjectStatus } from '@portal/contract';

/** What a project is called in the console: its name, else its number, else its id. */
export const projectTitle = (project: Pick<IntegrationProject, 'id' | 'name' | 'number'>) => project.name || project.number || `Project ${project.id}`;

/** A status by its name beside a dot of its colour: the name carries the meaning, so no colour needs to be read. */
export function StatusBadge({ status }: { status: ProjectStatus | null }) {
  if (!status) return <span className="text-slate-600">No status</span>;
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-slate-800">
      <span aria-hidden="true" className="size-2 rounded-full bg-slate-400" style={status.color ? { backgroundColor: status.color } : undefined} />
      {status.name}
    </span>
  );
}
