import type { NoteReadState } from '@portal/contract';
import { apiRequest } from '../../../../lib/api-client';

/** Moves the user's read mark forward to a note (the server never moves it back). */
export function markRead(entity: number, noteId: number): Promise<NoteReadState> {
  return apiRequest<NoteReadState>('/notes/read', { method: 'PUT', query: { entity }, body: { last_read_note_id: noteId } });
}
