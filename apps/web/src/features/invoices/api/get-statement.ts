import { StatementSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { singleQueryOptions } from '../../../lib/loaders';

export const statementPath = (entity: number) => `/entities/${entity}/statement`;

export const statementQueryOptions = (entity: number) => singleQueryOptions(statementPath(entity), StatementSchema);

export function useStatement(entity: number) {
  return useQuery(statementQueryOptions(entity));
}
