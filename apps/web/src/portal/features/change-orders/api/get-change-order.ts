import type { ChangeOrderDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { singleQueryOptions } from '../../../../lib/loaders';
import { changeOrderPath } from './paths';

export const changeOrderQueryOptions = (entity: number, changeOrder: number) => singleQueryOptions<ChangeOrderDetail>(changeOrderPath(entity, changeOrder));

export function useChangeOrder(entity: number, changeOrder: number) {
  return useQuery(changeOrderQueryOptions(entity, changeOrder));
}
