import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { companyQueryOptions, entityQueryOptions, firstEntityId } from './lib/portal';
import type { PortalSearchParams } from '../lib/search';

// Plain /: the theme the portal's links otherwise keep (decision 030) goes too, with the context that failed.
const home = () => redirect({ to: '/', search: { theme: undefined }, replace: true });

/**
 * docs/requirements.md 3.5-3.7, run before a portal page renders. company_id given: load the company;
 * entity given: load the entity; either failing sends the user to /. Only company_id given: find
 * the company's first entity and go to / with entity set to it (empty when there is none).
 */
export async function loadPortalContext(search: Pick<PortalSearchParams, 'entity' | 'company_id' | 'theme'>, queryClient: QueryClient) {
  const { entity, company_id: companyId, theme } = search;

  if (companyId !== undefined && entity === undefined) {
    let first: number | null;
    try {
      await queryClient.ensureQueryData(companyQueryOptions(companyId));
      first = await firstEntityId(companyId);
    } catch {
      throw home();
    }
    // company_id is dropped: kept, an empty entity would send the user round this rule again.
    const params = new URLSearchParams({ entity: first === null ? '' : String(first) });
    if (theme) params.set('theme', theme);
    throw redirect({ href: `/?${params.toString()}`, replace: true });
  }

  try {
    await Promise.all([
      companyId !== undefined ? queryClient.ensureQueryData(companyQueryOptions(companyId)) : null,
      entity !== undefined ? queryClient.ensureQueryData(entityQueryOptions(entity)) : null,
    ]);
  } catch {
    throw home();
  }
}
