import type { IntegrationScheduleItem } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, emptyDraft } from './schedule-form';

const CHICAGO = 'America/Chicago';

describe('what the schedule form sends', () => {
  it('gives a timed visit the company zone’s offset of its own day, winter and summer', () => {
    const winter = { ...emptyDraft('2026-01-13'), title: 'Inspection' };
    expect(bodyOf(winter, CHICAGO)).toMatchObject({ all_day: false, starts_at: '2026-01-14T09:00:00-06:00', ends_at: '2026-01-14T11:00:00-06:00' });
    const summer = { ...emptyDraft('2026-07-13'), title: 'Inspection', endTime: '17:30' };
    expect(bodyOf(summer, CHICAGO)).toMatchObject({ starts_at: '2026-07-14T09:00:00-05:00', ends_at: '2026-07-14T17:30:00-05:00' });
  });

  it('sends an all-day visit as its first and last days, no moments', () => {
    const body = bodyOf({ ...emptyDraft('2026-03-07'), title: 'Roofing', allDay: true, endDay: '2026-03-10', staffId: '7', shared: false }, CHICAGO);
    expect(body).toEqual({
      title: 'Roofing',
      notes: null,
      location: null,
      all_day: true,
      start_date: '2026-03-08',
      end_date: '2026-03-10',
      assigned_staff_id: 7,
      shared_with_portal: false,
    });
  });

  it('reads a saved visit back as the office typed it', () => {
    const item = {
      title: 'Inspection',
      notes: null,
      location: null,
      all_day: false,
      starts_at: '2026-03-08T15:00:00.000Z',
      ends_at: '2026-03-08T17:00:00.000Z',
      start_date: null,
      end_date: null,
      assigned_staff: null,
      shared_with_portal: true,
    } as unknown as IntegrationScheduleItem;
    const draft = draftOf(item, CHICAGO);
    // March 8, 2026 is the spring-forward day: 15:00 UTC is 10:00 CDT.
    expect(draft).toMatchObject({ startDay: '2026-03-08', startTime: '10:00', endDay: '2026-03-08', endTime: '12:00' });
    expect(bodyOf(draft, CHICAGO)).toMatchObject({ starts_at: '2026-03-08T10:00:00-05:00', ends_at: '2026-03-08T12:00:00-05:00' });
  });
});
