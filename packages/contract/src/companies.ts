import { z } from 'zod';
import { HexColorSchema, TimestampSchema } from './common';

/** The per-company switches, in the order docs/requirements.md 4.6 lists them. */
export const COMPANY_SWITCHES = [
  'is_portal_album_sharing_enabled',
  'is_portal_file_sharing_enabled',
  'is_portal_invoicing_enabled',
  'is_portal_project_calendar_enabled',
  'is_portal_project_info_enabled',
  'is_portal_project_notes_enabled',
  'is_portal_proposals_enabled',
  'is_portal_user_profile_pics_enabled',
] as const;
export type CompanySwitch = (typeof COMPANY_SWITCHES)[number];

export const PortalThemeSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  color: HexColorSchema.nullable(),
  logo_url: z.string().nullable(),
}).meta({ id: 'PortalTheme', description: "A company's portal theme; its code brands the sign-in pages (`?theme=acme`)." });
export type PortalTheme = z.infer<typeof PortalThemeSchema>;

/** What the sign-in pages read for `GET /themes/{code}/company`. */
export const CompanyThemeSchema = z.object({
  name: z.string(),
  color: HexColorSchema.nullable(),
  logo_url: z.string().nullable(),
}).meta({ id: 'CompanyTheme', description: 'What the sign-in pages read for a theme code.' });
export type CompanyTheme = z.infer<typeof CompanyThemeSchema>;

export const CompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string().nullable(),
  phone_default: z.string().nullable(),
  contact_email: z.string().nullable(),
  address_street: z.string().nullable(),
  address_city: z.string().nullable(),
  address_state: z.string().nullable(),
  address_zip: z.string().nullable(),
  color: HexColorSchema.nullable(),
  logo_url: z.string().nullable(),
  portal_welcome_message: z.string().nullable(),
  is_portal_album_sharing_enabled: z.boolean(),
  is_portal_file_sharing_enabled: z.boolean(),
  is_portal_invoicing_enabled: z.boolean(),
  is_portal_project_calendar_enabled: z.boolean(),
  is_portal_project_info_enabled: z.boolean(),
  is_portal_project_notes_enabled: z.boolean(),
  is_portal_proposals_enabled: z.boolean(),
  is_portal_user_profile_pics_enabled: z.boolean(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  /** Present only with `include=portal_theme`. */
  portal_theme: PortalThemeSchema.nullable().optional(),
}).meta({ id: 'Company', description: 'A company with every field and switch; logo_url is absolute.' });
export type Company = z.infer<typeof CompanySchema>;

/** What `GET /companies/{id}` may include. */
export const COMPANY_INCLUDES = ['portal_theme'] as const;
export type CompanyInclude = (typeof COMPANY_INCLUDES)[number];

/** The portal areas a company switches on and off, and the switch behind each (docs/requirements.md 11.1). */
export const AREA_SWITCHES = {
  info: 'is_portal_project_info_enabled',
  notes: 'is_portal_project_notes_enabled',
  photos: 'is_portal_album_sharing_enabled',
  invoices: 'is_portal_invoicing_enabled',
  documents: 'is_portal_file_sharing_enabled',
  proposals: 'is_portal_proposals_enabled',
  calendar: 'is_portal_project_calendar_enabled',
} as const satisfies Record<string, CompanySwitch>;
export type PortalArea = keyof typeof AREA_SWITCHES;
