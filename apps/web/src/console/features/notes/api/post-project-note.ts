import type { IntegrationNote, IntegrationNoteCreate } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { projectNotesPath } from './get-project-notes';

export interface NewProjectNote extends Pick<IntegrationNoteCreate, 'body' | 'shared_with_portal'> {
  files: File[];
}

/**
 * Posts a note in the member's name (the server signs a console note with who is signed in): JSON, or multipart with
 * the same fields when files go with it.
 */
export function postProjectNote(projectId: number, note: NewProjectNote): Promise<IntegrationNote> {
  const shared = note.shared_with_portal ?? true;
  if (note.files.length === 0) {
    return staffRequest<IntegrationNote>(projectNotesPath(projectId), { method: 'POST', body: { body: note.body, shared_with_portal: shared } });
  }
  const form = new FormData();
  form.append('body', note.body);
  form.append('shared_with_portal', String(shared));
  for (const file of note.files) form.append('files', file, file.name);
  return staffRequest<IntegrationNote>(projectNotesPath(projectId), { method: 'POST', body: form });
}

export function usePostProjectNote(projectId: number) {
  return useMutation({ mutationFn: (note: NewProjectNote) => postProjectNote(projectId, note) });
}
