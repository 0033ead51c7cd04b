import { expect, it, vi } from 'vitest';
import { TEST_DB } from '../../../test/helpers';
import { useTestApp } from '../../../test/suite';

const t = useTestApp();

it('answers GET /api/health with ok and the database in use', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ status: 'ok', database: TEST_DB });
  expect(t.database.kind).toBe(TEST_DB);
});

it('answers 500 Server Error when the database does not answer', async () => {
  const execute = vi.spyOn(t.database.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(execute).toHaveBeenCalledOnce();
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ message: 'Server Error' });
  execute.mockRestore();
});
