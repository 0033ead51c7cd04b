import type { SelectionDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { singleQueryOptions } from '../../../../lib/loaders';
import { selectionPath } from './paths';

export const selectionQueryOptions = (entity: number, selection: number) => singleQueryOptions<SelectionDetail>(selectionPath(entity, selection));

export function useSelection(entity: number, selection: number) {
  return useQuery(selectionQueryOptions(entity, selection));
}
