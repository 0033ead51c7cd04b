import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('URLs in the log', () => {
  it('keep no credential: sign-in tokens, codes and the signatures of signed file, image and zip URLs', () => {
    expect(redactUrl('/auth/passwordless/login?token=12.abc&email=x')).toBe('/auth/passwordless/login?token=[redacted]&email=x');
    expect(redactUrl('/api/files/7/download?exp=1790000000&sig=Zm9vYmFy')).toBe('/api/files/7/download?exp=1790000000&sig=[redacted]');
    expect(redactUrl('/api/images/7?w=640&exp=1&sig=abc&f=webp')).toBe('/api/images/7?w=640&exp=1&sig=[redacted]&f=webp');
    expect(redactUrl('/api/albums/3/zip?sig=abc')).toBe('/api/albums/3/zip?sig=[redacted]');
  });

  it('leave every other parameter as it is', () => {
    expect(redactUrl('/api/entities?page[number]=2&design=sig')).toBe('/api/entities?page[number]=2&design=sig');
  });
});
