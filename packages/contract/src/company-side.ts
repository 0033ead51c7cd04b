/**
 * The company side's plain lists (docs/company-api.md): the switches, the scope areas, the webhook events and the staff
 * roles. Kept free of zod so the staff console can show them (`@portal/contract/company-side`).
 */

/** The per-company switches, in the order docs/requirements.md 4.6 lists them. */
export const COMPANY_SWITCHES = [
  'is_portal_album_sharing_enabled',
  'is_portal_change_orders_enabled',
  'is_portal_file_sharing_enabled',
  'is_portal_invoicing_enabled',
  'is_portal_project_calendar_enabled',
  'is_portal_project_info_enabled',
  'is_portal_project_notes_enabled',
  'is_portal_proposals_enabled',
  'is_portal_selections_enabled',
  'is_portal_user_profile_pics_enabled',
] as const;
export type CompanySwitch = (typeof COMPANY_SWITCHES)[number];

/**
 * What an API key may do (docs/requirements.md 18): `read` and `write` per area, each granted on its own
 * (a key that may post notes does not thereby read the thread). A route names the one scope it needs.
 */
export const SCOPE_AREAS = [
  'company',
  'staff',
  'projects',
  'portal_users',
  'sharing',
  'notes',
  'photos',
  'documents',
  'calendar',
  'invoices',
  'messages',
  'webhooks',
  'api_keys',
  'proposals',
  'change_orders',
  'selections',
] as const;
export type ScopeArea = (typeof SCOPE_AREAS)[number];
export const ALL_SCOPES = SCOPE_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`] as const);

/** Webhooks on the integration API (docs/company-api.md, "Webhooks"). */
export const WEBHOOK_EVENTS = [
  'note.created',
  'document.uploaded',
  'contact_message.created',
  'invoice.viewed',
  'invoice.sent',
  'portal_user.activated',
  'proposal.viewed',
  'proposal.accepted',
  'proposal.declined',
  'change_order.sent',
  'change_order.viewed',
  'change_order.approved',
  'change_order.declined',
  'change_order.withdrawn',
  'selection.chosen',
  'selection.reset',
  'selection.locked',
  'selection.unlocked',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Owners manage staff, keys, webhooks, branding and switches; staff do the daily work. */
export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
