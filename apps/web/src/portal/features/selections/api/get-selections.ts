import type { SelectionsOverview } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { singleQueryOptions } from '../../../../lib/loaders';
import { selectionsPath } from './paths';

/** The project's allowances with their totals, and every selection: one answer, as the totals need all of them. */
export const selectionsQueryOptions = (entity: number) => singleQueryOptions<SelectionsOverview>(selectionsPath(entity));

export function useSelections(entity: number) {
  return useQuery(selectionsQueryOptions(entity));
}
