/**
 * The email notices a customer gets when the company does something on a project they share
 * (docs/requirements.md 14 and 18.4), each of which they can turn off.
 */
export const NOTICE_KINDS = ['note', 'invoice', 'document', 'album', 'proposal', 'change_order', 'schedule'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What each kind of email is about, as the settings page, the unsubscribe page and every notice's footer name it. */
export const NOTICE_KIND_LABELS: Record<NoticeKind, { label: string; description: string }> = {
  note: { label: 'New notes', description: 'An email when the company adds a note to one of your projects.' },
  invoice: { label: 'Invoices', description: 'An email when the company sends you an invoice.' },
  document: { label: 'Shared documents', description: 'An email when the company shares a document with you.' },
  album: { label: 'Shared photo albums', description: 'An email when the company shares a photo album with you.' },
  proposal: { label: 'Proposals', description: 'An email when the company sends you a proposal to accept or decline.' },
  change_order: { label: 'Change orders', description: 'An email when the company sends you a change order to approve or decline.' },
  schedule: { label: 'Scheduled visits', description: 'An email when the company schedules, moves or cancels a visit on one of your projects.' },
};

/** The messages of the notification settings and unsubscribe routes, word for word. */
export const NOTIFICATION_MESSAGES = {
  invalidUnsubscribeLink:
    'This unsubscribe link is not valid: it may have been cut short when it was copied. Open it again from the email, or choose which emails you get in your account settings.',
  unsubscribed: (kind: NoticeKind) =>
    `You will no longer get emails about ${NOTICE_KIND_LABELS[kind].label.toLowerCase()}. You can turn them back on in your account settings.`,
  saved: 'Your email settings are saved.',
} as const;
