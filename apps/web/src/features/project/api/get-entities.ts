import type { PortalEntity } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { batchQueryOptions } from '../../../lib/loaders';

/** Every project shared with the user, for the picker: batch fetch (docs/product.md 8.6), 100 a page. */
export const myEntitiesQueryOptions = () => batchQueryOptions<PortalEntity>('/entities', { include: ['model'], sort: ['id'] });

export function useMyEntities() {
  return useQuery(myEntitiesQueryOptions());
}
