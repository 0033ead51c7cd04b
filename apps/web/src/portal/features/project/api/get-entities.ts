import type { PortalEntity } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { batchQueryOptions } from '../../../../lib/loaders';

/**
 * Every project shared with the user, for the cards and the picker: batch fetch (docs/requirements.md 8.6), 100 a
 * page, each with what its card shows (status, cover photo, latest activity, and its company).
 */
export const myEntitiesQueryOptions = () =>
  batchQueryOptions<PortalEntity>('/entities', { include: ['model.status', 'model.cover_photo', 'model.latest_activity', 'company'], sort: ['id'] });

export function useMyEntities() {
  return useQuery(myEntitiesQueryOptions());
}
