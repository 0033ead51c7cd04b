/**
 * The contract's plain values: limits, defaults, labels and the like, with no zod in sight, so the
 * web app can import them without the schemas (decisions 015 and 024). Everything here is also
 * exported from the package's root, beside the schemas that use it.
 *
 * The values only some pages need are modules of their own, each with its own subpath (routes, notice kinds, money,
 * proposals, the company side, the calendar), not re-exported here: whatever imports this module brings all of it, and
 * the sign-in pages do (docs/decisions/103-the-contracts-values-apart.md).
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
/** A photo the company uploads to an album: the server refuses more, so the console does not send it. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** A logo or a staff member's picture: served to anyone, kept small. */
export const MAX_PUBLIC_IMAGE_BYTES = 2 * 1024 * 1024;

// Images

/**
 * The image proxy renders only these variants (decision 061): each is one place the web app draws an
 * image, at its CSS size; the browser picks density 1 or 2 from the srcset (docs/requirements.md 10.8).
 * A URL names a variant, a density and a format, so one signed image URL reaches at most
 * variants × densities × formats renders. A new place that draws an image adds its variant here.
 */
export const IMAGE_VARIANTS = {
  /** A photo's thumbnail in an album of the portal. */
  'photo-thumbnail': { w: 280, h: 210, fit: 'cover' },
  /** An album's cover in the portal's list of albums. */
  'album-cover': { w: 384, h: 288, fit: 'cover' },
  /** The photo viewer: the whole photo, letterboxed, never cropped. */
  'photo-full': { w: 1600, h: 1200, fit: 'inside' },
  /** A project card's cover photo on the portal's home page (16:9). */
  'project-cover': { w: 384, h: 216, fit: 'cover' },
  /** The cover photo beside a project's details on its page (16:10). */
  'project-overview-cover': { w: 320, h: 200, fit: 'cover' },
  /** An image attached to a note. */
  'note-attachment': { w: 224, h: 168, fit: 'cover' },
  /** A photo's card in the console's album page. */
  'console-photo': { w: 320, h: 240, fit: 'cover' },
  /** An album's small cover in the console's list of albums. */
  'console-album-cover': { w: 96, h: 72, fit: 'cover' },
  /** The cover photo on a project's overview in the console (3:2). */
  'console-cover': { w: 480, h: 320, fit: 'cover' },
  /** A photo to choose as the cover, in the console's cover picker. */
  'console-cover-choice': { w: 120, h: 90, fit: 'cover' },
  /** A selection's cover in the portal's list of selections. */
  'selection-cover': { w: 96, h: 72, fit: 'cover' },
  /** An option's photo on its card in the portal's selection page. */
  'selection-option': { w: 320, h: 240, fit: 'cover' },
} as const satisfies Record<string, { w: number; h: number; fit: 'cover' | 'inside' }>;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;
export const IMAGE_VARIANT_NAMES = Object.keys(IMAGE_VARIANTS) as [ImageVariant, ...ImageVariant[]];
/** docs/requirements.md 10.8: 1x and 2x. */
export const IMAGE_DENSITIES = [1, 2] as const;
export type ImageDensity = (typeof IMAGE_DENSITIES)[number];
/** What the proxy encodes to: only what the web app asks for. */
export const IMAGE_FORMATS = ['webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const DEFAULT_IMAGE_FORMAT: ImageFormat = 'webp';

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

// Staff console

/** The console's inbox and its menu badge are polled this often, as the notes thread is (docs/decisions/050-inbox.md). */
export const INBOX_POLL_INTERVAL_MS = 10_000;
