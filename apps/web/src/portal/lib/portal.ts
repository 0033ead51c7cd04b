import { DEFAULT_PORTAL_COLOR } from '@portal/contract/constants';
import type { Company, CompanyTheme, PortalEntity } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { fetchOne, fetchPage } from '../../lib/loaders';

/**
 * An answer younger than this is the one the layout's context check fetched for the page being opened: the layout and
 * the page mounting a moment later read it as it is, where stale time 0 alone had them ask for it a second time
 * (docs/decisions/097-the-context-check-once-per-page-load.md). A page reached later asks again.
 */
export const CONTEXT_JUST_CHECKED_MS = 1000;
const refetchUnlessJustChecked = ({ state }: { state: { dataUpdatedAt: number } }) => Date.now() - state.dataUpdatedAt >= CONTEXT_JUST_CHECKED_MS;

/**
 * The portal's context: the picked project (entity) and the company behind it, read as docs/requirements.md 8.2
 * says. docs/requirements.md 8.8: these queries are never stale and never retried, so a failure redirects at once.
 */
export const entityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['entities', String(id), 'model,company'],
    queryFn: ({ signal }) => fetchOne<PortalEntity>(`/entities/${id}`, { include: ['model', 'company'] }, { signal }),
    staleTime: 0,
    refetchOnMount: refetchUnlessJustChecked,
    retry: false,
  });

export const companyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['companies', String(id), 'portal_theme'],
    queryFn: ({ signal }) => fetchOne<Company>(`/companies/${id}`, { include: ['portal_theme'] }, { signal }),
    staleTime: 0,
    refetchOnMount: refetchUnlessJustChecked,
    retry: false,
  });

/** docs/requirements.md 8.2: the first entity of a company, `page[size]=1&page[number]=1&filter[company_id]=…`; its id, or null. */
export async function firstEntityId(companyId: number, signal?: AbortSignal): Promise<number | null> {
  const page = await fetchPage<PortalEntity>('/entities', { page: { size: 1, number: 1 }, filter: { company_id: companyId } }, { signal });
  return page.data[0]?.id ?? null;
}

/** What a page inside one project is given once the app has checked it: the entity, and its company, which shares the page's area. */
export interface ProjectPageProps {
  entity: PortalEntity;
  company: Company;
}

export interface PortalBrandInput {
  themeCode?: string | undefined;
  entityId?: number | undefined;
  companyId?: number | undefined;
  company?: Company | null | undefined;
  entity?: PortalEntity | null | undefined;
  theme?: CompanyTheme | null | undefined;
  companyFailed?: boolean;
  themeFailed?: boolean;
}

export interface PortalBrand {
  /** docs/requirements.md 5.4: the default-green portal, shown whatever else is loading. */
  blank: boolean;
  color: string;
  name: string | null;
  logoUrl: string | null;
  /** docs/requirements.md 5.4: content shows once a company or company theme is loaded (or at once when blank). */
  ready: boolean;
}

/**
 * The theme of docs/requirements.md 5.4. Blank when the company or theme load failed, or when no theme code, entity id or
 * company id is present; a blank portal is #2aa21d and shown regardless. Otherwise the colour comes
 * from the company, or else from the theme.
 */
export function portalBrand(input: PortalBrandInput): PortalBrand {
  const company = input.company ?? input.entity?.company ?? null;
  const nothingToBrandBy = !input.themeCode && input.entityId === undefined && input.companyId === undefined;
  if (input.companyFailed || input.themeFailed || nothingToBrandBy) {
    return { blank: true, color: DEFAULT_PORTAL_COLOR, name: company?.name ?? input.theme?.name ?? null, logoUrl: null, ready: true };
  }
  const theme = input.theme ?? company?.portal_theme ?? null;
  return {
    blank: false,
    color: company?.color ?? theme?.color ?? DEFAULT_PORTAL_COLOR,
    name: company?.name ?? input.theme?.name ?? null,
    logoUrl: company?.logo_url ?? theme?.logo_url ?? null,
    ready: Boolean(company || input.theme),
  };
}
