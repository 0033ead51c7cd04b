import type { Statement } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { singleQueryOptions } from '../../../../lib/loaders';

export const statementPath = (entity: number) => `/entities/${entity}/statement`;

export const statementQueryOptions = (entity: number) => singleQueryOptions<Statement>(statementPath(entity));

export function useStatement(entity: number) {
  return useQuery(statementQueryOptions(entity));
}
