import { z } from 'zod';
import { isKnownTimeZone } from './calendar-constants';

/** An IANA time zone name such as `America/Chicago`, or `UTC`. */
export const TimeZoneSchema = z
  .string({ error: 'The time zone must be text.' })
  .trim()
  .max(100)
  .refine(isKnownTimeZone, 'The time zone must be an IANA name such as America/Chicago, or UTC.')
  .describe('IANA time zone name, e.g. America/Chicago');
