import { AREA_SWITCHES, COMPANY_SWITCHES, type PortalArea } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type DemoIds } from '../../../test/suite';
import { companies } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { isAreaEnabled, requireArea, requireEntity } from './projects';
import { demoIds } from '../../../test/portal-users';

const t = useTestApp({ seed: true });
let ids: DemoIds;

beforeAll(async () => {
  ids = await demoIds(t.app);
});

const notFound = { statusCode: 404, message: 'Not found.' };

describe('requireEntity', () => {
  it("answers the user's entity with its company", async () => {
    const entity = ids.caseyEntities[0]!;
    const found = await requireEntity(t.app, ids.casey, entity.id);
    expect(found.entity).toMatchObject({ id: entity.id, portal_user_id: ids.casey.id });
    expect(found.company).toMatchObject({ id: ids.acme.id, name: 'Acme Builders', is_portal_project_notes_enabled: true });
  });

  it("throws 404 for another user's entity and for one that does not exist", async () => {
    await expect(requireEntity(t.app, ids.casey, ids.nicoEntities[0]!.id)).rejects.toMatchObject(notFound);
    await expect(requireEntity(t.app, ids.casey, 999_999)).rejects.toMatchObject(notFound);
  });
});

describe('requireArea', () => {
  it('maps each area to its company switch', () => {
    expect(AREA_SWITCHES).toEqual({
      info: 'is_portal_project_info_enabled',
      notes: 'is_portal_project_notes_enabled',
      photos: 'is_portal_album_sharing_enabled',
      invoices: 'is_portal_invoicing_enabled',
      documents: 'is_portal_file_sharing_enabled',
      proposals: 'is_portal_proposals_enabled',
      change_orders: 'is_portal_change_orders_enabled',
      selections: 'is_portal_selections_enabled',
      calendar: 'is_portal_project_calendar_enabled',
    });
    for (const name of Object.values(AREA_SWITCHES)) expect(COMPANY_SWITCHES).toContain(name);
  });

  it('passes when the switch is on and throws the same 404 as a missing record when it is off', async () => {
    const [brightside] = await t.database.db.select().from(companies).where(eq(companies.id, ids.brightside.id));
    expect(() => requireArea(brightside!, 'documents')).not.toThrow();
    expect(() => requireArea(brightside!, 'notes')).not.toThrow();
    for (const area of ['photos', 'invoices', 'proposals', 'calendar'] as PortalArea[]) {
      expect(isAreaEnabled(brightside!, area)).toBe(false);
      let thrown: unknown;
      try {
        requireArea(brightside!, area);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(HttpError);
      expect(thrown).toMatchObject(notFound);
    }
  });
});
