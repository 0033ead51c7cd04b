/**
 * The contract's plain values: limits, defaults, labels and the like, with no zod in sight, so the
 * web app can import them without the schemas (decisions 015 and 024). Everything here is also
 * exported from the package's root, beside the schemas that use it.
 */

// Sign-in

/** docs/requirements.md 4.1: where the web app keeps the sign-in token. */
export const TOKEN_STORAGE_KEY = 'cc_portal_token';
/** The staff console's session token: a key of its own, so the console and the portal never share a sign-in. */
export const STAFF_TOKEN_STORAGE_KEY = 'cc_portal_staff_token';

/**
 * "Preview as customer" (docs/staff-console.md): the preview's portal session lives this long, and the browser keeps
 * it per tab under this key (sessionStorage), so it never replaces anyone's own sign-in.
 */
export const PREVIEW_TTL_MINUTES = 60;
export const PREVIEW_STORAGE_KEY = 'cc_portal_preview';
/** What every write answers (403) on a preview session. */
export const PREVIEW_READ_ONLY_MESSAGE = 'This is a preview of the portal as your customer sees it: nothing can be changed here.';

/** The length of every password, wherever one is typed or chosen. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

// Ids

/**
 * The largest PostgreSQL `integer` (int4), 2^31 - 1: every id column is one, so a larger id in a
 * path, a query or a token can name no row.
 */
export const INT4_MAX = 2_147_483_647;

// Companies

/** The default portal colour (docs/requirements.md 5.4 and 10.4): used whenever the portal is "blank". */
export const DEFAULT_PORTAL_COLOR = '#2aa21d';

// Lists

/** docs/requirements.md 4.8: a paginated list's per_page when none is asked for. */
export const DEFAULT_PER_PAGE = 30;
/** The largest page a list endpoint serves. */
export const MAX_PER_PAGE = 100;

// Files

/** docs/requirements.md 11.6: a document upload may be at most 25 MB. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;

// Documents

export const DOCUMENT_SORTS = ['name', 'created_at', 'size', 'type'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

// The company's projects (GET /api/integration/projects)

/** The sorts of the company's project list; `status` follows the statuses' positions, `customer` the account's name. */
export const INTEGRATION_PROJECT_SORTS = ['id', 'updated_at', 'created_at', 'name', 'number', 'status', 'customer', 'balance', 'last_activity_at'] as const;
export type IntegrationProjectSort = (typeof INTEGRATION_PROJECT_SORTS)[number];
/** What `include` may embed in a company-side project, and `append` may compute. */
export const INTEGRATION_PROJECT_INCLUDES = ['account', 'status', 'cover_photo'] as const;
export const INTEGRATION_PROJECT_APPENDS = ['last_activity_at'] as const;
/** Newest first unless asked otherwise. */
export const DOCUMENT_DEFAULT_SORT = '-created_at';
/** The table default of docs/requirements.md 10.2: 10 a page. */
export const DOCUMENT_DEFAULT_PAGE_SIZE = 10;

// Notes

/** docs/requirements.md 11.3: the limits of a note, shared by the server's checks and the composer's counter. */
export const NOTE_BODY_MAX_LENGTH = 10_000;
export const NOTE_MAX_ATTACHMENTS = 5;
export const NOTE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What a note may carry, checked by the file's bytes: images and PDFs. */
export const NOTE_ATTACHMENT_KINDS = ['jpeg', 'png', 'webp', 'gif', 'pdf'] as const;
/** The thread is polled this often for new notes (docs/requirements.md 11.3: they appear within 15 seconds). */
export const NOTES_POLL_INTERVAL_MS = 10_000;
/** The composer shows its counter from this many characters on. */
export const NOTE_COUNTER_FROM = 9_000;
/** Newest first, 30 a page unless asked otherwise. */
export const NOTES_PAGE_SIZE = 30;

// Contact

/** docs/requirements.md 11.7: the contact form's limits. */
export const CONTACT_SUBJECT_MAX_LENGTH = 200;
export const CONTACT_MESSAGE_MAX_LENGTH = 5_000;
export const CONTACT_MESSAGES_PER_HOUR = 5;
/** The honeypot: a field people never see; a bot that fills it in is thanked and ignored. */
export const CONTACT_HONEYPOT_FIELD = 'website';

// Invoices

/** What a portal user may see, and filter by. */
export const PORTAL_INVOICE_STATUSES = ['sent', 'partially_paid', 'paid', 'overdue', 'void'] as const;
/** How each status reads on screen and in PDFs. */
export const INVOICE_STATUS_LABELS: Record<(typeof PORTAL_INVOICE_STATUSES)[number], string> = {
  sent: 'Sent',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

/** How the company reads each status (the staff console, its PDFs): the portal's, and its own drafts. */
export const COMPANY_INVOICE_STATUS_LABELS: Record<'draft' | (typeof PORTAL_INVOICE_STATUSES)[number], string> = {
  draft: 'Draft',
  ...INVOICE_STATUS_LABELS,
};

/** `GET /entities/{entity}/invoices`: what it sorts and filters by; anything else is 400. */
export const INVOICE_SORTS = ['number', 'issue_date', 'due_date', 'status', 'total', 'balance'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export const INVOICE_FILTERS = ['status'] as const;
/** Newest first, as a customer reads their invoices. */
export const INVOICE_DEFAULT_SORT = '-issue_date';
/** The table default of docs/requirements.md 10.2. */
export const INVOICE_DEFAULT_PAGE_SIZE = 10;

/** The aging buckets of a statement: days past the due date. */
export const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days_1_30: '1-30 days',
  days_31_60: '31-60 days',
  days_61_90: '61-90 days',
  over_90: 'Over 90 days',
};

export * from './routes';

/** The messages a client may rely on, word for word. */
export const ERROR_MESSAGES = {
  invalid: 'The given data was invalid.',
  unauthenticated: 'Unauthenticated.',
  notFound: 'Not found.',
  tooManyAttempts: 'Too many attempts.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'The request content type is not supported.',
  serverError: 'Server Error',
} as const;

export * from './notice-kinds';

// Staff console

/** The console's inbox and its menu badge are polled this often, as the notes thread is (docs/decisions/050-inbox.md). */
export const INBOX_POLL_INTERVAL_MS = 10_000;
export * from './money';
export * from './company-side';
