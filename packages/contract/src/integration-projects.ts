import { z } from 'zod';
import { HexColorSchema, MoneySchema, TimestampSchema } from './common';
import { INT4_MAX } from './constants';
import { paginatedSchema } from './pagination';
import { AccountSchema, ProjectSchema, ProjectStatusSchema } from './projects';

/**
 * Accounts, projects, statuses and site types on the integration API (docs/company-api.md, "Accounts and projects").
 * Money and coordinates go both ways as decimal strings, as the portal reads them, so nothing is rounded on the way.
 */

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).nullable().optional();
const reference = (what: string) =>
  z
    .number({ error: `The ${what} must be a whole number.` })
    .int()
    .positive()
    .max(INT4_MAX)
    .nullable()
    .optional();
const decimal = (what: string, pattern: RegExp, example: string) =>
  z
    .string({ error: `The ${what} must be a decimal string such as "${example}".` })
    .trim()
    .regex(pattern, `The ${what} must be a decimal such as "${example}".`);
const latitude = decimal('latitude', /^-?\d{1,2}(\.\d{1,7})?$/, '30.2672')
  .refine((value) => Math.abs(Number(value)) <= 90, 'A latitude is between -90 and 90.')
  .nullable()
  .optional();
const longitude = decimal('longitude', /^-?\d{1,3}(\.\d{1,7})?$/, '-97.7431')
  .refine((value) => Math.abs(Number(value)) <= 180, 'A longitude is between -180 and 180.')
  .nullable()
  .optional();
const money = (what: string) =>
  decimal(what, /^-?\d{1,12}(\.\d{1,2})?$/, '48250.00')
    .nullable()
    .optional();

export const IntegrationAccountInputSchema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(200),
    type: text(50),
    email: z.email({ message: 'The email must be a valid email address.' }).max(254).nullable().optional(),
    first_name: text(100),
    last_name: text(100),
    nick_name: text(100),
    prefix: text(20),
    title_id: reference('title_id'),
    phone_cell: text(50),
    phone_fax: text(50),
    phone_home: text(50),
    phone_work: text(50),
    phone_work_ext: text(20),
    billing_address_city: text(100),
    billing_address_state: text(100),
    billing_address_street: text(200),
    billing_address_zip: text(20),
    billing_address_latitude: latitude,
    billing_address_longitude: longitude,
    shipping_address_city: text(100),
    shipping_address_state: text(100),
    shipping_address_street: text(200),
    shipping_address_zip: text(20),
  })
  .strict()
  .meta({ id: 'IntegrationAccountCreate' });
export type IntegrationAccountInput = z.input<typeof IntegrationAccountInputSchema>;
export const IntegrationAccountUpdateSchema = IntegrationAccountInputSchema.partial().strict().meta({ id: 'IntegrationAccountUpdate' });

export const IntegrationAccountSchema = AccountSchema.extend({ created_at: TimestampSchema, updated_at: TimestampSchema }).meta({
  id: 'IntegrationAccount',
});
export type IntegrationAccount = z.infer<typeof IntegrationAccountSchema>;
export const IntegrationAccountPageSchema = paginatedSchema(IntegrationAccountSchema).meta({ id: 'IntegrationAccountPage' });

export const IntegrationProjectInputSchema = z
  .object({
    number: text(50),
    name: text(200),
    address_street: text(200),
    address_city: text(100),
    address_state: text(100),
    address_zip: text(20),
    address_description: text(1_000),
    address_latitude: latitude,
    address_longitude: longitude,
    financials_total_amount: money('total amount'),
    financials_balance_amount: money('balance amount'),
    account_id: reference('account_id'),
    status_id: reference('status_id'),
    site_type_id: reference('site_type_id'),
    rep_primary_id: reference('rep_primary_id'),
    /**
     * A new account for the project, made in the same transaction instead of naming one with `account_id`: a project
     * that is refused leaves no account behind.
     */
    account: IntegrationAccountInputSchema.optional(),
  })
  .strict()
  .meta({ id: 'IntegrationProjectWrite' });
export type IntegrationProjectInput = z.input<typeof IntegrationProjectInputSchema>;

export const IntegrationProjectUpdateSchema = IntegrationProjectInputSchema.extend({
  /**
   * The photo the portal shows as the project's cover: one of the project's photos, in a shared album. Its album takes
   * it as its cover and moves first (docs/decisions/053-staff-projects.md).
   */
  cover_photo_id: z.number({ error: 'The cover_photo_id must be a whole number.' }).int().positive().max(INT4_MAX).optional(),
})
  .strict()
  .meta({ id: 'IntegrationProjectUpdate' });
export type IntegrationProjectUpdate = z.input<typeof IntegrationProjectUpdateSchema>;

export const IntegrationProjectSchema = ProjectSchema.omit({
  company: true,
  latest_activity: true,
  rep_primary_name: true,
  rep_primary_phone: true,
})
  .extend({
    /**
     * The total and balance the project's customers see on the portal (docs/decisions/035-one-balance-per-project.md):
     * what its sent invoices charge and what is still open on them when the company invoices through the portal and
     * the project has sent invoices; else the company's own `financials_total_amount` and `financials_balance_amount`.
     */
    portal_total_amount: MoneySchema,
    portal_balance_amount: MoneySchema,
    /**
     * With `append=last_activity_at`: the newest change on the project (its own record, a note, internal ones
     * included, a photo, a document or an invoice).
     */
    last_activity_at: TimestampSchema.optional(),
  })
  .meta({
    id: 'IntegrationProject',
    description:
      'A project as the company keeps it: financials_total_amount and financials_balance_amount are its own figures; ' +
      'portal_total_amount and portal_balance_amount are what its customers see (from its sent invoices when the company invoices through the portal). ' +
      'account, status and cover_photo ' +
      '(the photo the portal shows while album sharing is on) are present only when included.',
  });
export type IntegrationProject = z.infer<typeof IntegrationProjectSchema>;
export const IntegrationProjectPageSchema = paginatedSchema(IntegrationProjectSchema).meta({ id: 'IntegrationProjectPage' });

/** A project status or site type: the company's own lists its projects pick from. */
export const IntegrationLookupInputSchema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(100),
    /** Statuses only. */
    color: HexColorSchema.nullable().optional(),
    /** Statuses only: the order lists show them in. */
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .strict()
  .meta({ id: 'IntegrationLookupCreate' });
export const IntegrationLookupUpdateSchema = IntegrationLookupInputSchema.partial().strict().meta({ id: 'IntegrationLookupUpdate' });
export const IntegrationStatusSchema = ProjectStatusSchema.extend({
  position: z.number().int(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
}).meta({ id: 'IntegrationProjectStatus' });
export type IntegrationStatus = z.infer<typeof IntegrationStatusSchema>;
export const IntegrationSiteTypeSchema = z
  .object({ id: z.number().int(), name: z.string(), created_at: TimestampSchema, updated_at: TimestampSchema })
  .meta({ id: 'IntegrationSiteType' });
export type IntegrationSiteType = z.infer<typeof IntegrationSiteTypeSchema>;
