import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '../../components/document-title';
import { useCompanyTheme } from '../../lib/company-theme';
import { companyQueryOptions, entityQueryOptions, portalBrand } from '../lib/portal';
import { usePortalColor } from '../../lib/portal-color';
import type { PortalSearchParams } from '../../lib/search';

/** The brand of a portal page from its query (colour applied, title set, whether content may show) and its company. */
export function usePortalBrand(search: PortalSearchParams) {
  const company = useQuery({ ...companyQueryOptions(search.company_id ?? 0), enabled: search.company_id !== undefined });
  const entity = useQuery({ ...entityQueryOptions(search.entity ?? 0), enabled: search.entity !== undefined });
  const theme = useCompanyTheme(search.theme);
  const brand = portalBrand({
    themeCode: search.theme,
    entityId: search.entity,
    companyId: search.company_id,
    company: company.data,
    entity: entity.data,
    theme: theme.data,
    companyFailed: company.isError,
    themeFailed: theme.isError,
  });
  usePortalColor(brand.color);
  useDocumentTitle(brand.name);
  return { brand, company: company.data ?? entity.data?.company ?? null };
}
