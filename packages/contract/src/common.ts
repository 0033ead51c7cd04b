import { z } from 'zod';
import { INT4_MAX } from './constants';

/**
 * Database ids are positive integers. Path and query values arrive as strings, and only the canonical
 * decimal form names an id: `01`, `1.0`, ` 1` and `+1` are refused, not read as 1.
 */
export const IdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number, written without leading zeros, signs or spaces')
  .transform(Number)
  .pipe(z.number().max(INT4_MAX));

/** ISO 8601 in UTC, e.g. "2026-03-02T15:04:05.000000Z". */
export const TimestampSchema = z.string();

/** Money travels as a decimal string ("12500.00") or null, never as a float. */
export const MoneySchema = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .nullable();

/** A CSS hex colour such as "#2aa21d". */
export const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'The colour must be a hex code such as #0f766e.');
