import type { IntegrationProject, ProjectStatus } from '@portal/contract';
import { StatusBadge } from '../../../../components/status-badge';

/** What a project is called in the console: its name, else its number, else its id. */
export const projectTitle = (project: Pick<IntegrationProject, 'id' | 'name' | 'number'>) => project.name || project.number || `Project ${project.id}`;

/** A status by its name beside a dot of its colour: the name carries the meaning, so no colour needs to be read. */
export function ProjectStatusBadge({ status }: { status: ProjectStatus | null }) {
  return status ? <StatusBadge label={status.name} dot={status.color ?? null} /> : <span className="text-slate-600">No status</span>;
}
