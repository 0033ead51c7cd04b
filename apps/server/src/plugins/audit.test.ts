import { describe, expect, it } from 'vitest';
import { recordKind, targetOf } from './audit';

/** How the audit log names the record a write touched (docs/decisions/049-audit-log.md). */

describe('the target of a write', () => {
  it('names a path segment as the kind of record it holds', () => {
    expect(['projects', 'contact-messages', 'api-keys', 'project-statuses', 'deliveries', 'staff', 'company'].map(recordKind)).toEqual([
      'project',
      'contact_message',
      'api_key',
      'project_status',
      'delivery',
      'staff',
      'company',
    ]);
  });

  it('is the created record when a 201 answers one with an id', () => {
    expect(targetOf('/api/integration/projects/:id/notes', { id: '4' }, 201, { id: 77 })).toEqual({ kind: 'note', id: 77 });
    expect(targetOf('/api/integration/accounts', {}, 201, { id: 3 })).toEqual({ kind: 'account', id: 3 });
  });

  it('is the last id in the path otherwise', () => {
    expect(targetOf('/api/integration/notes/:id', { id: '12' }, 200, null)).toEqual({ kind: 'note', id: 12 });
    expect(targetOf('/api/integration/invoices/:id/payments/:paymentId', { id: '3', paymentId: '9' }, 204, null)).toEqual({ kind: 'payment', id: 9 });
    expect(targetOf('/api/integration/projects/:id/shares/:portalUserId', { id: '3', portalUserId: '5' }, 204, null)).toEqual({ kind: 'portal_user', id: 5 });
    expect(targetOf('/api/integration/projects/:id/notes', { id: '4' }, 201, { data: [] })).toEqual({ kind: 'project', id: 4 });
  });

  it('is nothing when the route names no record', () => {
    expect(targetOf('/api/integration/company', {}, 200, { id: 1 })).toBeNull();
    expect(targetOf('/api/staff/auth/logout', {}, 204, null)).toBeNull();
  });
});
