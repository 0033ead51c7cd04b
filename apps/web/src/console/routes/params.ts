import { notFound } from '@tanstack/react-router';

/** A company-side id in the path: only canonical positive integers name a record (anything else is not found). */
export function parseId(raw: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) throw notFound();
  return Number(raw);
}
