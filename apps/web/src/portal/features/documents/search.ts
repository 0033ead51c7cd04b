import { DOCUMENT_DEFAULT_PAGE_SIZE, DOCUMENT_DEFAULT_SORT, DOCUMENT_SORTS } from '@portal/contract/constants';
import type { DocumentSort } from '@portal/contract';
import { tableSearch, type TableSearch, type TableState } from '../../../lib/table-search';

/** The documents page keeps its table state in the URL, as the invoices page does (lib/table-search.ts). */
export type DocumentsSearch = TableSearch;
export type DocumentsTableState = TableState<DocumentSort>;

/**
 * A document's name is at most 255 bytes (the server's cleanFileName), so a longer search can match
 * nothing: the URL keeps its first 255 characters. The API itself sets no limit on filter[name].
 */
export const MAX_SEARCH_LENGTH = 255;

const documentsTable = tableSearch<DocumentSort>({
  sorts: DOCUMENT_SORTS,
  defaultSort: DOCUMENT_DEFAULT_SORT,
  defaultSize: DOCUMENT_DEFAULT_PAGE_SIZE,
  maxSearchLength: MAX_SEARCH_LENGTH,
});

export const { searchText, validate: validateDocumentsSearch, state: tableState, searchOf } = documentsTable;
