import type { IntegrationNote, Note, NoteAttachment, NoteAuthor } from '@portal/contract';
import { NOTE_ATTACHMENT_KINDS } from '@portal/contract';
import { portalUserName } from '../../lib/names';
import { apiTimestamp } from '../../lib/timestamps';
import { absoluteUrl } from '../../core/companies';
import type { FileLinks } from '../../core/files/links';
import type { NoteWithAuthor } from './notes.repository';
import type { CompanyRow } from '../../db/rows';

export interface NoteSerializeContext {
  company: Pick<CompanyRow, 'name' | 'is_portal_user_profile_pics_enabled'>;
  publicUrl: string;
  /** The signed URLs files are served under. */
  links: FileLinks;
}

/**
 * Who wrote the note. A customer is named, in the portal, by their own name; on the company side, by the company's own
 * names for them, never another company's (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
 */
function author(row: NoteWithAuthor, context: NoteSerializeContext, side: 'portal' | 'company'): NoteAuthor {
  if (row.staff) {
    return {
      type: 'staff',
      id: row.staff.id,
      name: row.staff.name,
      title: row.staff.title,
      // The company decides whether its people's pictures show in the portal.
      avatar_url: context.company.is_portal_user_profile_pics_enabled ? absoluteUrl(context.publicUrl, row.staff.avatar_url) : null,
    };
  }
  if (row.portalUser) {
    const names = side === 'portal' ? row.portalUser : { first_name: row.customer?.first_name ?? null, last_name: row.customer?.last_name ?? null };
    return { type: 'portal_user', id: row.portalUser.id, name: portalUserName({ ...names, email: row.portalUser.email }), title: null, avatar_url: null };
  }
  if (row.note.author_portal_user_id === null && row.note.author_staff_id === null) {
    return { type: 'company', id: null, name: context.company.name, title: null, avatar_url: null };
  }
  // The author's row is gone (deleted since): the note stays, unsigned.
  return { type: row.note.author_portal_user_id !== null ? 'portal_user' : 'staff', id: null, name: 'Former member', title: null, avatar_url: null };
}

const isAttachmentKind = (kind: string): kind is NoteAttachment['kind'] => (NOTE_ATTACHMENT_KINDS as readonly string[]).includes(kind);

function attachments(row: NoteWithAuthor, context: NoteSerializeContext): NoteAttachment[] {
  return row.attachments
    .filter((file) => isAttachmentKind(file.kind))
    .map((file) => ({
      id: file.id,
      name: file.original_name,
      content_type: file.content_type,
      kind: file.kind as NoteAttachment['kind'],
      size: file.size,
      width: file.width,
      height: file.height,
      url: context.links.view(file.id),
      download_url: context.links.download(file.id),
      image_url: file.kind === 'pdf' ? null : context.links.image(file.id),
    }));
}

/** A note for a portal user: never carries whether it is shared (it always is) or who else may read it. */
export function serializeNote(row: NoteWithAuthor, viewerId: number, context: NoteSerializeContext): Note {
  return {
    id: row.note.id,
    project_id: row.note.project_id,
    body: row.note.body,
    author: author(row, context, 'portal'),
    is_own: row.note.author_portal_user_id === viewerId,
    attachments: attachments(row, context),
    created_at: apiTimestamp(row.note.created_at),
  };
}

/** A note for the company side, internal ones included. */
export function serializeIntegrationNote(row: NoteWithAuthor, context: NoteSerializeContext): IntegrationNote {
  return {
    id: row.note.id,
    project_id: row.note.project_id,
    body: row.note.body,
    author: author(row, context, 'company'),
    shared_with_portal: row.note.shared_with_portal,
    attachments: attachments(row, context),
    created_at: apiTimestamp(row.note.created_at),
    updated_at: apiTimestamp(row.note.updated_at),
  };
}
