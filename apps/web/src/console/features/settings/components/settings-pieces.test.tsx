import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expiryFromDate, keyPrefix, keyState } from './api-keys-page';
import { BrandingPreview } from './branding-preview';
import { ConfirmButton } from './confirm-button';

describe('BrandingPreview', () => {
  const draft = { name: 'Harbor Roofing', color: '#b91c1c', logoUrl: null, welcome: 'Your roof, start to finish.' };

  it('paints itself, not the page, in the colour being typed, with the name and welcome text', () => {
    const { rerender } = render(<BrandingPreview draft={draft} fallbackColor="#0f766e" />);
    const preview = screen.getByRole('region', { name: 'Preview of the portal' });
    expect(preview.style.getPropertyValue('--portal-color')).toBe('#b91c1c');
    expect(preview.style.getPropertyValue('--portal-on-color')).toBe('#ffffff');
    expect(preview.style.getPropertyValue('--color-portal')).toBe('#b91c1c');
    expect(preview.style.getPropertyValue('--color-portal-stale')).toBe('#b91c1c');
    expect(document.documentElement.style.getPropertyValue('--portal-color')).toBe('');
    expect(screen.getByText('Your roof, start to finish.')).toBeInTheDocument();
    expect(screen.getAllByText('Harbor Roofing').length).toBeGreaterThan(0);

    // Half a colour previews the saved one; an empty name still reads as a company.
    rerender(<BrandingPreview draft={{ ...draft, color: '#b91', name: ' ' }} fallbackColor="#0f766e" />);
    expect(preview.style.getPropertyValue('--portal-color')).toBe('#0f766e');
    expect(screen.getAllByText('Your company').length).toBeGreaterThan(0);
  });
});

describe('ConfirmButton', () => {
  it('acts only on the second press, and Cancel leaves things as they were', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmButton label="Revoke" question="Revoke it?" confirmLabel="Yes, revoke" onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(screen.getByText('Revoke it?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, revoke' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  });
});

describe('API key helpers', () => {
  it('names a key by its start and says whether it works', () => {
    expect(keyPrefix({ id: 12 })).toBe('ppk_12_…');
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(keyState({ revoked_at: null, expires_at: null }, now)).toBe('Active');
    expect(keyState({ revoked_at: null, expires_at: '2026-11-24T11:59:59Z' }, now)).toBe('Expired');
    expect(keyState({ revoked_at: '2026-11-01T00:00:00Z', expires_at: '2027-01-01T00:00:00Z' }, now)).toBe('Revoked');
  });

  it('turns a date field into the end of that day, and nothing into no expiry', () => {
    const expiry = expiryFromDate('2027-01-31');
    expect(expiry).toBeDefined();
    const moment = new Date(expiry!);
    expect([moment.getFullYear(), moment.getMonth(), moment.getDate(), moment.getHours(), moment.getMinutes()]).toEqual([2027, 0, 31, 23, 59]);
    expect(expiryFromDate('')).toBeUndefined();
  });
});
