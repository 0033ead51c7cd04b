import { z } from 'zod';
import { CONTACT_SUBJECT_MAX_LENGTH, CONTACT_MESSAGE_MAX_LENGTH, CONTACT_HONEYPOT_FIELD, INT4_MAX } from './constants';

export const ContactCompanySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    logo_url: z.string().nullable(),
    phone_default: z.string().nullable(),
    url: z.string().nullable(),
    address_street: z.string().nullable(),
    address_city: z.string().nullable(),
    address_state: z.string().nullable(),
    address_zip: z.string().nullable(),
  })
  .meta({ id: 'ContactCompany' });
export type ContactCompany = z.infer<typeof ContactCompanySchema>;

export const ContactRepSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    title: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    /** Only when the company has `is_portal_user_profile_pics_enabled`. */
    avatar_url: z.string().nullable(),
  })
  .meta({ id: 'ContactRep' });
export type ContactRep = z.infer<typeof ContactRepSchema>;

/** `GET /contact?entity=…`: how to reach the company behind one project. */
export const ContactInfoSchema = z
  .object({
    entity_id: z.number().int(),
    project: z.object({ id: z.number().int(), number: z.string().nullable(), name: z.string().nullable(), address_street: z.string().nullable() }),
    company: ContactCompanySchema,
    rep_primary: ContactRepSchema.nullable(),
  })
  .meta({ id: 'ContactInfo' });
export type ContactInfo = z.infer<typeof ContactInfoSchema>;

/** `GET /contact/companies`: the companies of the user's projects, to pick one when no project is chosen. */
export const ContactCompanyListSchema = z
  .object({
    data: z.array(
      z.object({
        company: ContactCompanySchema,
        /** The user's projects with this company, first shared first: picking one opens its contact page. */
        entities: z.array(z.object({ id: z.number().int(), label: z.string() })),
      }),
    ),
  })
  .meta({ id: 'ContactCompanyList' });
export type ContactCompanyList = z.infer<typeof ContactCompanyListSchema>;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const noControl = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);

export const ContactMessageCreateSchema = z
  .object({
    /** The project the message is about; or else `company_id`, one of the companies of the user's projects. */
    entity: z.number().int().positive().max(INT4_MAX).optional(),
    company_id: z.number().int().positive().max(INT4_MAX).optional(),
    subject: z
      .string()
      .trim()
      .min(1, 'The subject field is required.')
      .max(CONTACT_SUBJECT_MAX_LENGTH, `The subject may not be longer than ${CONTACT_SUBJECT_MAX_LENGTH} characters.`)
      // It becomes a mail header: a line break there could add headers of its own.
      .refine((value) => !/[\r\n\u2028\u2029]/.test(value), 'The subject must be a single line.')
      .refine(noControl, 'The subject may not contain control characters.'),
    message: z
      .string()
      .max(CONTACT_MESSAGE_MAX_LENGTH, `The message may not be longer than ${CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`)
      .refine((value) => value.trim().length > 0, 'The message field is required.')
      .refine((value) => !value.includes('\u0000'), 'The message may not contain NUL characters.'),
    [CONTACT_HONEYPOT_FIELD]: z.string().max(1_000).optional(),
  })
  .meta({ id: 'ContactMessageCreate' });
export type ContactMessageCreate = z.infer<typeof ContactMessageCreateSchema>;

export const ContactMessageSentSchema = z.object({ message: z.string() }).meta({ id: 'ContactMessageSent' });
export type ContactMessageSent = z.infer<typeof ContactMessageSentSchema>;
