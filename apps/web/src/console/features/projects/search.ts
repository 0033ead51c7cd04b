import { INTEGRATION_PROJECT_SORTS, type IntegrationProjectSort } from '@portal/contract/constants';
import { tableSearch, type TableSearch, type TableState } from '../../../lib/table-search';

/** The console's project list keeps its state in the URL, as the portal's tables do (lib/table-search.ts). */
export type StaffProjectsSearch = TableSearch;
export type StaffProjectsState = TableState<IntegrationProjectSort>;

export const PROJECTS_PAGE_SIZE = 20;
/** The most recently active first: what an office opens the list for. */
export const PROJECTS_DEFAULT_SORT = '-last_activity_at';
export const MAX_SEARCH_LENGTH = 200;

const projectsTable = tableSearch<IntegrationProjectSort>({
  sorts: INTEGRATION_PROJECT_SORTS,
  defaultSort: PROJECTS_DEFAULT_SORT,
  defaultSize: PROJECTS_PAGE_SIZE,
  maxSearchLength: MAX_SEARCH_LENGTH,
});

export const { validate: validateStaffProjectsSearch, state: projectsState, searchOf } = projectsTable;
