import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('the page title (docs/requirements.md 1.4)', () => {
  it('reads "Project portal", followed by the company name when one is known', () => {
    expect(documentTitle()).toBe('Project portal');
    expect(documentTitle(null)).toBe('Project portal');
    expect(documentTitle('Acme Builders')).toBe('Project portal | Acme Builders');
  });
});
