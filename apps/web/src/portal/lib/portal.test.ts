import type { Company } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { portalBrand } from './portal';

const company = { id: 1, name: 'Acme Builders', color: '#c2410c', logo_url: '/brand/acme.svg', portal_theme: null } as unknown as Company;
const theme = { name: 'Acme Builders', color: '#123456', logo_url: '/brand/theme.svg' };

describe('the portal theme (docs/requirements.md 5.4)', () => {
  it('is blank, default green and shown at once, with no theme code, entity or company id', () => {
    expect(portalBrand({})).toMatchObject({ blank: true, color: '#2aa21d', ready: true });
  });

  it('is blank when the company or the theme failed to load', () => {
    expect(portalBrand({ companyId: 1, companyFailed: true })).toMatchObject({ blank: true, color: '#2aa21d', ready: true });
    expect(portalBrand({ themeCode: 'acme', themeFailed: true })).toMatchObject({ blank: true, color: '#2aa21d', ready: true });
  });

  it('takes the colour from the company, or else from the theme', () => {
    expect(portalBrand({ companyId: 1, company, themeCode: 'acme', theme })).toMatchObject({ blank: false, color: '#c2410c', ready: true });
    expect(portalBrand({ companyId: 1, company: { ...company, color: null }, themeCode: 'acme', theme }).color).toBe('#123456');
    expect(portalBrand({ themeCode: 'acme', theme })).toMatchObject({ color: '#123456', name: 'Acme Builders', ready: true });
  });

  it('shows content only once a company or company theme is loaded', () => {
    expect(portalBrand({ companyId: 1 }).ready).toBe(false);
    expect(portalBrand({ themeCode: 'acme' }).ready).toBe(false);
    expect(portalBrand({ entityId: 3 }).ready).toBe(false);
    expect(portalBrand({ entityId: 3, entity: { company } as never }).ready).toBe(true);
  });
});
