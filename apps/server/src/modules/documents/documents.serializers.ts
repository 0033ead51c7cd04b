import type { Document } from '@portal/contract';
import { apiTimestamp } from '../../lib/timestamps';
import { serializeFile } from '../../core/files/files.serializers';
import type { DocumentWithFile } from './documents.repository';
import type { WithFileLinks } from '../../core/files/links';

const fullName = (person: { first_name: string | null; last_name: string | null }) => [person.first_name, person.last_name].filter(Boolean).join(' ') || null;

/** A document for the portal user `viewerId`: their own uploads are marked as theirs. */
export function serializeDocument(app: WithFileLinks, row: DocumentWithFile, viewerId: number): Document {
  const { document, file } = row;
  let sharedBy: Document['shared_by'] = null;
  if (file.uploaded_by_portal_user_id !== null) sharedBy = { kind: 'customer', name: row.customer ? fullName(row.customer) : null };
  else if (file.uploaded_by_staff_id !== null) sharedBy = { kind: 'staff', name: row.staff_name };
  return {
    id: document.id,
    name: document.name,
    type: file.kind as Document['type'],
    size: file.size,
    shared_by: sharedBy,
    is_mine: file.uploaded_by_portal_user_id === viewerId,
    created_at: apiTimestamp(document.created_at),
    updated_at: apiTimestamp(document.updated_at),
    file: serializeFile(app, file),
  };
}
