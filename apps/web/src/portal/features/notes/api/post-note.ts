import type { Note } from '@portal/contract';
import { apiRequest } from '../../../../lib/api-client';

export interface NoteDraft {
  body: string;
  /** Chosen here, so that a retry can never post the note twice. */
  clientId: string;
  files: File[];
}

/** `POST /notes?entity=…`: JSON for text, multipart when files ride along. Resolves once the note is committed. */
export function postNote(entity: number, draft: NoteDraft): Promise<Note> {
  let body: unknown = { body: draft.body, client_id: draft.clientId };
  if (draft.files.length > 0) {
    const form = new FormData();
    form.append('body', draft.body);
    form.append('client_id', draft.clientId);
    for (const file of draft.files) form.append('files', file, file.name);
    body = form;
  }
  return apiRequest<Note>('/notes', { method: 'POST', query: { entity }, body });
}
