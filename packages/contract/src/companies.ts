import { z } from 'zod';
import { HexColorSchema, TimestampSchema } from './common';
import { COMPANY_SWITCHES, type CompanySwitch } from './company-side';
import { SELECTION_OVERAGE_MODES } from './selection-constants';
import { TimeZoneSchema } from './time-zone';

export const PortalThemeSchema = z
  .object({
    id: z.number().int(),
    company_id: z.number().int(),
    code: z.string(),
    name: z.string(),
    color: HexColorSchema.nullable(),
    logo_url: z.string().nullable(),
  })
  .meta({ id: 'PortalTheme', description: "A company's portal theme; its code brands the sign-in pages (`?theme=acme`)." });
export type PortalTheme = z.infer<typeof PortalThemeSchema>;

/** What the sign-in pages read for `GET /themes/{code}/company`. */
export const CompanyThemeSchema = z
  .object({
    name: z.string(),
    color: HexColorSchema.nullable(),
    logo_url: z.string().nullable(),
  })
  .meta({ id: 'CompanyTheme', description: 'What the sign-in pages read for a theme code.' });
export type CompanyTheme = z.infer<typeof CompanyThemeSchema>;

/**
 * What a choice over its allowance makes (docs/company-api.md "Selections and allowances"): a change order draft the
 * office sends, or one sent to the customer at once.
 */
export const SelectionOverageSchema = z.enum(SELECTION_OVERAGE_MODES);

export const CompanySchema = z
  .object({
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
    is_portal_change_orders_enabled: z.boolean(),
    is_portal_selections_enabled: z.boolean(),
    is_portal_user_profile_pics_enabled: z.boolean(),
    /** IANA zone of the company's calendar (docs/decisions/065-calendar-time-zones-and-icalendar.md). */
    time_zone: z.string(),
    selection_overage_change_orders: SelectionOverageSchema,
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    /** Present only with `include=portal_theme`. */
    portal_theme: PortalThemeSchema.nullable().optional(),
  })
  .meta({ id: 'Company', description: 'A company with every field and switch; logo_url is absolute.' });
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
  change_orders: 'is_portal_change_orders_enabled',
  selections: 'is_portal_selections_enabled',
  calendar: 'is_portal_project_calendar_enabled',
} as const satisfies Record<string, CompanySwitch>;
export type PortalArea = keyof typeof AREA_SWITCHES;

/** A theme code brands the sign-in pages (`/login?theme=acme`): lower-case letters, digits and dashes. */
export const ThemeCodeSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/, 'The theme code must be 1 to 50 lower-case letters, digits or dashes, not starting or ending with a dash.');

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * `PATCH /integration/company`: the company's details, branding and switches; what is left out stays. The colour, logo,
 * name and theme code brand the portal and its sign-in pages at once.
 */
export const IntegrationCompanyUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(200).optional(),
    url: z
      .url({ protocol: /^https?$/, message: 'The url must be an http:// or https:// address.' })
      .max(500)
      .nullable()
      .optional(),
    phone_default: optionalText(50),
    contact_email: z.email({ message: 'The contact email must be a valid email address.' }).max(254).nullable().optional(),
    address_street: optionalText(200),
    address_city: optionalText(100),
    address_state: optionalText(100),
    address_zip: optionalText(20),
    color: HexColorSchema.nullable().optional().describe('#RRGGBB'),
    portal_welcome_message: optionalText(2_000),
    theme_code: ThemeCodeSchema.optional(),
    time_zone: TimeZoneSchema.optional(),
    selection_overage_change_orders: SelectionOverageSchema.optional(),
    ...(Object.fromEntries(COMPANY_SWITCHES.map((name) => [name, z.boolean().optional()])) as Record<CompanySwitch, z.ZodOptional<z.ZodBoolean>>),
  })
  .strict()
  .meta({ id: 'IntegrationCompanyUpdate' });
export type IntegrationCompanyUpdate = z.input<typeof IntegrationCompanyUpdateSchema>;

/** The company as its own API key reads it: every field and switch, and its theme code. */
export const IntegrationCompanySchema = CompanySchema.omit({ portal_theme: true })
  .extend({ theme_code: z.string().nullable() })
  .meta({ id: 'IntegrationCompany' });
export type IntegrationCompany = z.infer<typeof IntegrationCompanySchema>;
