import { z } from 'zod';
import { INT4_MAX } from './constants';

/** Database ids are positive integers; path parameters arrive as strings. */
export const IdSchema = z.coerce.number().int().positive().max(INT4_MAX);

/** ISO 8601 in UTC, e.g. "2026-03-02T15:04:05.000000Z". */
export const TimestampSchema = z.string();

/** Money travels as a decimal string ("12500.00") or null, never as a float. */
export const MoneySchema = z.string().regex(/^-?\d+\.\d{2}$/).nullable();

/** A CSS hex colour such as "#2aa21d". */
export const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);
