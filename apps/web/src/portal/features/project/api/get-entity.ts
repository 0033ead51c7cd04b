import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { entityQueryOptions } from '../../../lib/portal';

/** The picked project; while another one loads, the last one stays on screen (and the picker keeps focus). */
export function useEntity(id: number | undefined) {
  return useQuery({ ...entityQueryOptions(id ?? 0), enabled: id !== undefined, placeholderData: keepPreviousData });
}
