import { describe, expect, it } from 'vitest';
import { unsubscribeTokens } from './unsubscribe-tokens';

describe('unsubscribe tokens', () => {
  const tokens = unsubscribeTokens(Buffer.from('a'.repeat(64), 'hex'));

  it('name one user and one kind, and read back only what this key made', () => {
    const token = tokens.make(42, 'invoice');
    expect(token).toMatch(/^42\.invoice\.[\w-]{43}$/);
    expect(tokens.read(token)).toEqual({ portalUserId: 42, kind: 'invoice' });
    expect(tokens.make(42, 'invoice')).toBe(token);
    expect(tokens.make(43, 'invoice')).not.toBe(token);
    expect(unsubscribeTokens(Buffer.from('b'.repeat(64), 'hex')).read(token)).toBeNull();
  });

  it('refuse a changed user, kind or signature and anything malformed', () => {
    const mac = tokens.make(42, 'invoice').split('.')[2]!;
    for (const token of [
      '',
      '42',
      '42.invoice',
      `43.invoice.${mac}`,
      `42.note.${mac}`,
      `42.newsletter.${mac}`,
      `042.invoice.${mac}`,
      `42.invoice.${mac}x`,
      `42.invoice.${mac.slice(1)}A`,
      `99999999999.invoice.${mac}`,
    ]) {
      expect(tokens.read(token), token).toBeNull();
    }
  });
});
