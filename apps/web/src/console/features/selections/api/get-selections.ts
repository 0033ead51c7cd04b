import type { IntegrationAllowance, IntegrationAllowanceDetail, IntegrationSelection, IntegrationSelectionDetail } from '@portal/contract';
import { MAX_PER_PAGE } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions, staffQueryOptions } from '../../../lib/staff-api';
import { ALLOWANCES_PATH, allowancePath, SELECTIONS_PATH, selectionPath } from './paths';

/*
 * A project has tens of allowances and selections, not hundreds: the tab reads one page of the most the API gives, in
 * the company's order, and shows them whole (grouped by room), as the portal does.
 */

export const projectAllowancesQueryOptions = (projectId: number) =>
  staffPageQueryOptions<IntegrationAllowance>(ALLOWANCES_PATH, {
    filter: { project_id: projectId },
    sort: ['position', 'id'],
    page: { number: 1, size: MAX_PER_PAGE },
  });
export const useProjectAllowances = (projectId: number) => useQuery(projectAllowancesQueryOptions(projectId));

export const projectSelectionsQueryOptions = (projectId: number) =>
  staffPageQueryOptions<IntegrationSelection>(SELECTIONS_PATH, {
    filter: { project_id: projectId },
    sort: ['position', 'id'],
    page: { number: 1, size: MAX_PER_PAGE },
  });
export const useProjectSelections = (projectId: number) => useQuery(projectSelectionsQueryOptions(projectId));

export const useSelection = (selectionId: number) => useQuery(staffQueryOptions<IntegrationSelectionDetail>(selectionPath(selectionId)));

/** One allowance with its money and the change orders made from it; nothing is asked for without one. */
export const useAllowance = (allowanceId: number | null) =>
  useQuery({ ...staffQueryOptions<IntegrationAllowanceDetail>(allowancePath(allowanceId ?? 0)), enabled: allowanceId !== null });
