import { z } from 'zod';
import { HexColorSchema, MoneySchema, TimestampSchema } from './common';
import { CompanySchema } from './companies';
import { ProjectMoneySchema } from './invoices';

export const ProjectStatusSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    color: HexColorSchema.nullable(),
  })
  .meta({ id: 'ProjectStatus' });
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>;

export const CoverPhotoSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    caption: z.string().nullable(),
  })
  .meta({ id: 'CoverPhoto' });
export type CoverPhoto = z.infer<typeof CoverPhotoSchema>;

/** The customer account behind a project (docs/requirements.md 4.5). */
export const AccountSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.string().nullable(),
    email: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    nick_name: z.string().nullable(),
    prefix: z.string().nullable(),
    title_id: z.number().int().nullable(),
    phone_cell: z.string().nullable(),
    phone_fax: z.string().nullable(),
    phone_home: z.string().nullable(),
    phone_work: z.string().nullable(),
    phone_work_ext: z.string().nullable(),
    billing_address_city: z.string().nullable(),
    billing_address_state: z.string().nullable(),
    billing_address_street: z.string().nullable(),
    billing_address_zip: z.string().nullable(),
    billing_address_latitude: z.string().nullable(),
    billing_address_longitude: z.string().nullable(),
    shipping_address_city: z.string().nullable(),
    shipping_address_state: z.string().nullable(),
    shipping_address_street: z.string().nullable(),
    shipping_address_zip: z.string().nullable(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof AccountSchema>;

/** The portal areas a project's latest activity can come from. */
export const ACTIVITY_AREAS = ['notes', 'photos', 'invoices', 'documents'] as const;
export type ActivityArea = (typeof ACTIVITY_AREAS)[number];

/** The newest thing the customer can see on a project: a shared note, photo or document, or an invoice. */
export const ProjectActivitySchema = z
  .object({
    area: z.enum(ACTIVITY_AREAS),
    at: TimestampSchema,
    /** What happened, in a few words ("Invoice INV-1026", "Photos: Demolition"). */
    title: z.string(),
  })
  .meta({ id: 'ProjectActivity' });
export type ProjectActivity = z.infer<typeof ProjectActivitySchema>;

export const ProjectSchema = z
  .object({
    id: z.number().int(),
    company_id: z.number().int(),
    account_id: z.number().int().nullable(),
    status_id: z.number().int().nullable(),
    site_type_id: z.number().int().nullable(),
    rep_primary_id: z.number().int().nullable(),
    number: z.string().nullable(),
    name: z.string().nullable(),
    address_street: z.string().nullable(),
    address_city: z.string().nullable(),
    address_state: z.string().nullable(),
    address_zip: z.string().nullable(),
    address_description: z.string().nullable(),
    address_latitude: z.string().nullable(),
    address_longitude: z.string().nullable(),
    rep_primary_name: z.string().nullable(),
    /** The primary rep's direct line, as the contact page gives it. */
    rep_primary_phone: z.string().nullable(),
    financials_total_amount: MoneySchema,
    financials_balance_amount: MoneySchema,
    /**
     * The money trail (ProjectMoney): the contract, its approved changes and the revised contract. Sent with one
     * project (the project's page, the company API); a list of the portal user's projects leaves it out, since no page
     * of a list shows it and each would cost two subqueries per row.
     */
    ...ProjectMoneySchema.partial().shape,
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    status: ProjectStatusSchema.nullable().optional(),
    cover_photo: CoverPhotoSchema.nullable().optional(),
    account: AccountSchema.nullable().optional(),
    company: CompanySchema.nullable().optional(),
    /** Present only with `include=model.latest_activity`; null when nothing on the project reaches the portal. */
    latest_activity: ProjectActivitySchema.nullable().optional(),
  })
  .meta({
    id: 'Project',
    description:
      "A project. rep_primary_name and rep_primary_phone are the primary rep's name and direct line; status, cover_photo, account, company and latest_activity are present only when included. " +
      'When the company invoices through the portal and the project has sent invoices, financials_total_amount is what they charge ' +
      "and financials_balance_amount what is still open on them; otherwise both are the company's own figures.",
  });
export type Project = z.infer<typeof ProjectSchema>;
