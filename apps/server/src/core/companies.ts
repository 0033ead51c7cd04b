import type { Company, PortalTheme } from '@portal/contract';
import type { CompanyRow, PortalThemeRow } from '../db/rows';
import { apiTimestamp } from '../lib/timestamps';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** A colour the contract accepts, or null: one odd value from an integration must not break a whole list. */
export const hexColorOrNull = (color: string | null) => (color && HEX_COLOR.test(color) ? color : null);

/** Logos stored as a path on this server (`/brand/acme.svg`) leave as absolute URLs on PUBLIC_URL. */
export function absoluteUrl(publicUrl: string, url: string | null): string | null {
  return url && url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : url;
}

export function serializePortalTheme(theme: PortalThemeRow, publicUrl: string): PortalTheme {
  return {
    id: theme.id,
    company_id: theme.company_id,
    code: theme.code,
    name: theme.name,
    color: hexColorOrNull(theme.color),
    logo_url: absoluteUrl(publicUrl, theme.logo_url),
  };
}

/**
 * A company with every field and switch of docs/requirements.md 4.6. `theme` undefined leaves `portal_theme` out (not
 * included); null says the company has none.
 */
export function serializeCompany(company: CompanyRow, publicUrl: string, theme?: PortalThemeRow | null): Company {
  const result: Company = {
    id: company.id,
    name: company.name,
    url: company.url,
    phone_default: company.phone_default,
    contact_email: company.contact_email,
    address_street: company.address_street,
    address_city: company.address_city,
    address_state: company.address_state,
    address_zip: company.address_zip,
    color: hexColorOrNull(company.color),
    logo_url: absoluteUrl(publicUrl, company.logo_url),
    portal_welcome_message: company.portal_welcome_message,
    is_portal_album_sharing_enabled: company.is_portal_album_sharing_enabled,
    is_portal_change_orders_enabled: company.is_portal_change_orders_enabled,
    is_portal_file_sharing_enabled: company.is_portal_file_sharing_enabled,
    is_portal_invoicing_enabled: company.is_portal_invoicing_enabled,
    is_portal_project_calendar_enabled: company.is_portal_project_calendar_enabled,
    is_portal_project_info_enabled: company.is_portal_project_info_enabled,
    is_portal_project_notes_enabled: company.is_portal_project_notes_enabled,
    is_portal_proposals_enabled: company.is_portal_proposals_enabled,
    is_portal_selections_enabled: company.is_portal_selections_enabled,
    is_portal_user_profile_pics_enabled: company.is_portal_user_profile_pics_enabled,
    time_zone: company.time_zone,
    selection_overage_change_orders: company.selection_overage_change_orders,
    created_at: apiTimestamp(company.created_at),
    updated_at: apiTimestamp(company.updated_at),
  };
  if (theme !== undefined) result.portal_theme = theme ? serializePortalTheme(theme, publicUrl) : null;
  return result;
}
