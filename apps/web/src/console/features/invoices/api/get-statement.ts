import type { Statement } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffQueryOptions } from '../../../lib/staff-api';
import { statementPath } from './paths';

/** The project's statement: its balance (what the portal shows the customer) and that balance aged. */
export const statementQueryOptions = (projectId: number) => staffQueryOptions<Statement>(statementPath(projectId));

export const useStatement = (projectId: number) => useQuery(statementQueryOptions(projectId));
