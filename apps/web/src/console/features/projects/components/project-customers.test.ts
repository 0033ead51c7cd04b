import type { IntegrationPortalUser, IntegrationShare } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { accessState } from './project-customers';

const share = (last_sign_in_at: string | null) =>
  ({
    id: 1,
    project_id: 2,
    portal_user: { id: 3, email: 'a@example.com', first_name: 'A', last_name: null },
    last_sign_in_at,
    created_at: '2026-11-01T00:00:00Z',
  }) as IntegrationShare;
const person = (invited_at: string | null) => ({ id: 3, invited_at, last_sign_in_at: null }) as IntegrationPortalUser;

describe('where a customer stands', () => {
  it('is signed in once they have, whatever the invitation', () => {
    expect(accessState({ share: share('2026-11-20T15:00:00Z'), person: person('2026-11-19T15:00:00Z') })).toMatchObject({ label: 'Signed in', tone: 'green' });
  });
  it('is invited until they sign in', () => {
    expect(accessState({ share: share(null), person: person('2026-11-19T15:00:00Z') })).toMatchObject({ label: 'Invited', tone: 'amber' });
  });
  it('is not invited when the company never sent one (or its record is not read yet)', () => {
    expect(accessState({ share: share(null), person: person(null) }).label).toBe('Not invited');
    expect(accessState({ share: share(null), person: null }).label).toBe('Not invited');
  });
});
