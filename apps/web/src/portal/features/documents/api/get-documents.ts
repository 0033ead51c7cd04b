import type { Document } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../../lib/loaders';
import type { DocumentsTableState } from '../search';

export const documentsPath = (entity: number) => `/entities/${entity}/documents`;

/** One page of the project's shared documents, searched by name and sorted. */
export const documentsQueryOptions = (entity: number, state: DocumentsTableState) =>
  pageQueryOptions<Document>(documentsPath(entity), {
    filter: { name: state.search.trim() || undefined },
    sort: [`${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`],
    page: { number: state.page, size: state.size },
  });

/** The page on screen stays while the next one loads, so the table does not jump. */
export function useDocuments(entity: number, state: DocumentsTableState) {
  return useQuery({ ...documentsQueryOptions(entity, state), placeholderData: keepPreviousData });
}
