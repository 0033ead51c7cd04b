import { Link, useNavigate } from '@tanstack/react-router';
import { useDocumentTitle } from '../../../../components/document-title';
import { PageHeading } from '../../../../components/ui/page-heading';
import { useCreateProject } from '../api/save-project';
import { formValues, ProjectForm, projectBody } from './project-form';

/** A new project and, when it needs one, its new account, saved together. */
export function StaffNewProjectPage() {
  useDocumentTitle('New project');
  const create = useCreateProject();
  const navigate = useNavigate();
  return (
    <div className="flex max-w-3xl flex-col">
      <Link to="/staff/projects" className="mb-1 text-sm font-medium text-slate-600 underline-offset-2 hover:underline">
        ← All projects
      </Link>
      <PageHeading title="New project">Its customers see it once you invite them from its Customers tab.</PageHeading>
      <ProjectForm
        initial={formValues()}
        submitLabel="Create project"
        pendingLabel="Creating…"
        pending={create.isPending}
        error={create.error}
        onSubmit={(values) =>
          create.mutate(projectBody(values), { onSuccess: (project) => void navigate({ to: '/staff/projects/$projectId', params: { projectId: project.id } }) })
        }
      />
    </div>
  );
}
