import { useQuery } from '@tanstack/react-query';
import { entityQueryOptions } from '../../../lib/portal';

export function useEntity(id: number | undefined) {
  return useQuery({ ...entityQueryOptions(id ?? 0), enabled: id !== undefined });
}
