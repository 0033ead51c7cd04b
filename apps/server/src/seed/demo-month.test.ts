import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { daysBetween } from '../modules/invoices/aging';
import { demoPhoto } from './demo-media';
import { invoices } from '../db/schema';

/** The demo reads like a real company's month: what a customer would find odd in it, held here. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

describe('the demo data', () => {
  it('issues no invoice on terms longer than 60 days, so none issued in 2026 falls due years later', async () => {
    const rows = await t.database.db.select({ number: invoices.number, issue: invoices.issue_date, due: invoices.due_date }).from(invoices);
    expect(rows.length).toBeGreaterThan(0);
    const long = rows.filter((row) => daysBetween(row.issue, row.due) > 60);
    expect(long).toEqual([]);
  });

  it('draws no caption into its photos, where a cover or thumbnail crop would cut it off', async () => {
    // The caption is shown beside the photo: the same scene with another caption is the same image.
    expect((await demoPhoto(7, 'Upper cabinets coming down')).equals(await demoPhoto(7, 'Something else entirely'))).toBe(true);
  });
});
