import type { IntegrationProject, IntegrationProjectInput, IntegrationProjectUpdate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { PROJECTS_PATH } from './get-projects';

/** Every read a saved project may change: the list (and its accounts) and the project's own reads. */
function useInvalidateProject() {
  const queryClient = useQueryClient();
  return (projectId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: staffQueryPrefix(PROJECTS_PATH) }),
      queryClient.invalidateQueries({ queryKey: staffQueryPrefix(`${PROJECTS_PATH}/${projectId}`) }),
      queryClient.invalidateQueries({ queryKey: staffQueryPrefix('/integration/accounts') }),
    ]);
}

/** A new project, with a new account in the same request when the form makes one (nothing half saved). */
export function useCreateProject() {
  const invalidate = useInvalidateProject();
  return useMutation({
    mutationFn: (body: IntegrationProjectInput) => staffRequest<IntegrationProject>(PROJECTS_PATH, { method: 'POST', body }),
    onSuccess: (project) => invalidate(project.id),
  });
}

/** Changes a project: its fields, a new account, or its cover photo. */
export function useUpdateProject(projectId: number) {
  const invalidate = useInvalidateProject();
  return useMutation({
    mutationFn: (body: IntegrationProjectUpdate) => staffRequest<IntegrationProject>(`${PROJECTS_PATH}/${projectId}`, { method: 'PATCH', body }),
    onSuccess: () => invalidate(projectId),
  });
}
