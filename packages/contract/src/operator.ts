import { z } from 'zod';
import { EmailSchema } from './auth';
import { HexColorSchema } from './common';
import { ThemeCodeSchema } from './companies';
import { ScopeSchema } from './integration';
import { TimeZoneSchema } from './time-zone';

/**
 * The operator's API (docs/company-api.md, "Operator"): what the host of the portal does for a company it takes on.
 * Called by `npm run company -- create-company` with the operator secret, never by a company.
 */

const OWNER_NAME_REQUIRED = "The owner's name is required: customers see it on the owner's notes and emails.";

export const OperatorCompanyCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(200),
    owner_email: EmailSchema,
    /**
     * Required: customers see it as the author of the owner's notes, in their emails and on visits, so it is never made
     * up from the email address (docs/decisions/114-every-customer-action-reaches-the-office.md).
     */
    owner_name: z.string({ error: OWNER_NAME_REQUIRED }).trim().min(1, OWNER_NAME_REQUIRED).max(200),
    /** Left out, one is made from the name (`Acme Builders` → `acme-builders`, then `acme-builders-2` if taken). */
    theme_code: ThemeCodeSchema.optional(),
    color: HexColorSchema.optional(),
    /** Left out: America/New_York. */
    time_zone: TimeZoneSchema.optional(),
  })
  .strict()
  .meta({ id: 'OperatorCompanyCreate' });
export type OperatorCompanyCreate = z.input<typeof OperatorCompanyCreateSchema>;

export const OperatorApiKeyCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(200).default('CLI'),
    /** Left out: every scope. */
    scopes: z.array(ScopeSchema).min(1).optional(),
  })
  .strict()
  .meta({ id: 'OperatorApiKeyCreate' });

export const CreatedApiKeySchema = z
  .object({ id: z.number().int(), name: z.string(), scopes: z.array(ScopeSchema), key: z.string().describe('Shown this once; keep it secret.') })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const OperatorCompanySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    theme_code: z.string().nullable(),
  })
  .meta({ id: 'OperatorCompany' });

export const OperatorCompanyCreatedSchema = z
  .object({
    company: OperatorCompanySchema,
    owner: z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      /** Where the owner chooses a password and signs in to the staff console: once, within 7 days. */
      invitation_url: z.string(),
      invitation_expires_at: z.string(),
    }),
    api_key: CreatedApiKeySchema,
  })
  .meta({ id: 'OperatorCompanyCreated' });
export type OperatorCompanyCreated = z.infer<typeof OperatorCompanyCreatedSchema>;

/** An API key as listed: never its secret. */
export const ApiKeySchema = z
  .object({
    id: z.number().int(),
    company_id: z.number().int(),
    name: z.string(),
    scopes: z.array(ScopeSchema),
    last_used_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** `POST /api/integration/api-keys`: a company's new key, with no scope its maker lacks. */
export const ApiKeyCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the key a name.').max(200),
    /** Left out: the scopes of the key that makes it. */
    scopes: z.array(ScopeSchema).min(1).optional(),
    /** Optional: when the key stops working. */
    expires_at: z.iso.datetime({ offset: true, message: 'Give a date and time such as 2027-01-01T00:00:00Z.' }).optional(),
  })
  .strict()
  .meta({ id: 'ApiKeyCreate' });
export type ApiKeyCreate = z.input<typeof ApiKeyCreateSchema>;
