import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/portal-users';
import { DAY, HOUR } from '../../test/sign-in';
import { useDemoApp, useFrozenClock } from '../../test/suite';
import { notes, projects } from '../db/schema';
import { apiKeysRepository } from '../modules/integration/api-keys.repository';

/** A CRM's retried POST gets the first answer, never a second record (docs/decisions/036-idempotency-keys.md). */

const clock = useFrozenClock();
const t = useDemoApp();
let acmeKey: string;
let brightsideKey: string;
let kitchenProject: number;
let lakeProject: number;

beforeAll(async () => {
  const db = t.app.database.db;
  kitchenProject = (await db.select().from(projects).where(eq(projects.name, 'Kitchen remodel')))[0]!.id;
  lakeProject = (await db.select().from(projects).where(eq(projects.company_id, t.ids.brightside.id)))[0]!.id;
  acmeKey = (await apiKeysRepository(db).create(t.ids.acme.id, 'crm')).key;
  brightsideKey = (await apiKeysRepository(db).create(t.ids.brightside.id, 'crm')).key;
});

const post = (key: string, project: number, payload: object, idempotencyKey?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/integration/projects/${project}/notes`,
    headers: { ...bearer(key), ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }) },
    payload,
  });
const notesLike = async (text: string) =>
  (
    await t.app.database.db
      .select()
      .from(notes)
      .where(like(notes.body, `${text}%`))
  ).length;

describe('Idempotency-Key', () => {
  it('answers a retry with the same key and body with the first answer, and writes one note', async () => {
    const first = await post(acmeKey, kitchenProject, { body: 'Retry me' }, 'key-1');
    const retry = await post(acmeKey, kitchenProject, { body: 'Retry me' }, 'key-1');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesLike('Retry me')).toBe(1);
  });

  it('refuses the same key with another body with 409, writing nothing', async () => {
    expect((await post(acmeKey, kitchenProject, { body: 'Original' }, 'key-2')).statusCode).toBe(201);
    const other = await post(acmeKey, kitchenProject, { body: 'Something else' }, 'key-2');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: 'This Idempotency-Key was already used for a different request; use a new key for a new request.' });
    expect(await notesLike('Something else')).toBe(0);
  });

  it('writes a new record for each POST without a key, or with a new key', async () => {
    await post(acmeKey, kitchenProject, { body: 'No key' });
    await post(acmeKey, kitchenProject, { body: 'No key' });
    await post(acmeKey, kitchenProject, { body: 'No key' }, 'key-3a');
    await post(acmeKey, kitchenProject, { body: 'No key' }, 'key-3b');
    expect(await notesLike('No key')).toBe(4);
  });

  it("keeps each company's keys apart", async () => {
    expect((await post(acmeKey, kitchenProject, { body: 'Acme with shared key' }, 'same')).statusCode).toBe(201);
    expect((await post(brightsideKey, lakeProject, { body: 'Brightside with shared key' }, 'same')).statusCode).toBe(201);
    expect(await notesLike('Brightside with shared key')).toBe(1);
  });

  it('gives exactly one record when two requests with one key race', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(acmeKey, kitchenProject, { body: 'Raced' }, 'race')));
    expect(await notesLike('Raced')).toBe(1);
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    for (const answer of created) expect(answer.json()).toEqual(created[0]!.json());
  });

  it('replays a refusal too, and runs the request again once the key is 24 hours old', async () => {
    const strangerAuthor = { body: 'By a stranger', author_staff_id: 2_147_483_647 };
    const refused = await post(acmeKey, kitchenProject, strangerAuthor, 'key-4');
    expect(refused.statusCode).toBe(422);
    const again = await post(acmeKey, kitchenProject, strangerAuthor, 'key-4');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(refused.json());

    expect((await post(acmeKey, kitchenProject, { body: 'Day one' }, 'key-5')).statusCode).toBe(201);
    clock.advance(23 * HOUR);
    expect((await post(acmeKey, kitchenProject, { body: 'Day one' }, 'key-5')).headers['idempotent-replayed']).toBe('true');
    clock.advance(DAY);
    const later = await post(acmeKey, kitchenProject, { body: 'Day one' }, 'key-5');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesLike('Day one')).toBe(2);
  });

  it('refuses a key that is not 1 to 255 printable characters', async () => {
    for (const bad of ['', 'a'.repeat(256), 'with space']) {
      const response = await post(acmeKey, kitchenProject, { body: 'Bad key' }, bad);
      expect(response.statusCode).toBe(400);
    }
    expect(await notesLike('Bad key')).toBe(0);
  });
});
