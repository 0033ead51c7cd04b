import type { Document, DocumentSort } from '@portal/contract';
import { getRouteApi } from '@tanstack/react-router';
import { Download, Eye, FileText } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useRef, useState } from 'react';
import { TableFrame, TablePager } from '../../../../components/table-frame';
import { ListToolbar } from '../../../../components/search-box';
import { SortHeader, type SortColumn } from '../../../../components/sort-header';
import type { SortOption } from '../../../../components/sort-select';
import { StatusBadge } from '../../../../components/status-badge';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageHeading } from '../../../../components/ui/page-heading';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { DOCUMENT_TYPE_LABELS } from '../../../../lib/document-files';
import { formatBytes } from '../../../../lib/format';
import type { ProjectPageProps } from '../../../lib/portal';
import { usePageInRange } from '../../../../lib/use-page-in-range';
import { useDocuments } from '../api/get-documents';
import { MAX_SEARCH_LENGTH, searchOf, tableState, type DocumentsTableState } from '../search';
import { UploadZone } from './upload-zone';

// The preview (a Radix dialog with its focus and scroll-lock code) loads with the first image previewed, not with the list.
const DocumentPreview = lazy(() => import('./document-preview').then((module) => ({ default: module.DocumentPreview })));

const route = getRouteApi('/default/documents');

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const isImage = (document: Document) => document.file.image_url !== null;

export function DocumentsPage({ entity, company }: ProjectPageProps) {
  return <DocumentsView entity={entity.id} companyName={company.name} />;
}

const COLUMNS: SortColumn<DocumentSort>[] = [
  { field: 'name', label: 'Name' },
  { field: 'type', label: 'Type', className: 'hidden sm:table-cell' },
  { field: 'size', label: 'Size', className: 'hidden md:table-cell' },
  { field: 'created_at', label: 'Date' },
  { field: null, label: 'Shared by', className: 'hidden lg:table-cell' },
];

const SORT_OPTIONS: SortOption<DocumentSort>[] = [
  { field: 'created_at', asc: 'Date, oldest first', desc: 'Date, newest first' },
  { field: 'name', asc: 'Name, A to Z', desc: 'Name, Z to A' },
  { field: 'type', asc: 'Type, A to Z', desc: 'Type, Z to A' },
  { field: 'size', asc: 'Size, smallest first', desc: 'Size, largest first' },
];

const sharedBy = (document: Document, companyName: string) =>
  document.is_mine ? 'You' : (document.shared_by?.name ?? (document.shared_by?.kind === 'customer' ? 'Customer' : companyName));

const action = 'inline-flex items-center gap-1 rounded-full px-3 py-1.5 font-medium text-blue-800 hover:bg-blue-50';

/** Preview (a PDF in a new tab, an image in the dialog) and download; `labelled` shows the words on a phone too. */
function DocumentActions({
  document,
  onPreview,
  labelled = false,
}: {
  document: Document;
  onPreview: (document: Document, opener: HTMLElement) => void;
  labelled?: boolean;
}) {
  const word = labelled ? '' : 'hidden sm:inline';
  return (
    <div className={`flex gap-1 ${labelled ? '-ml-3' : 'justify-end'}`}>
      {document.type === 'pdf' ? (
        <a href={document.file.url} target="_blank" rel="noopener" className={action} aria-label={`Preview ${document.name}`}>
          <Eye aria-hidden="true" className="size-4" />
          <span className={word}>Preview</span>
        </a>
      ) : isImage(document) ? (
        <button type="button" onClick={(event) => onPreview(document, event.currentTarget)} className={action} aria-label={`Preview ${document.name}`}>
          <Eye aria-hidden="true" className="size-4" />
          <span className={word}>Preview</span>
        </button>
      ) : null}
      <a href={document.file.download_url} download={document.name} className={action} aria-label={`Download ${document.name}`}>
        <Download aria-hidden="true" className="size-4" />
        <span className={word}>Download</span>
      </a>
    </div>
  );
}

function DocumentsView({ entity, companyName }: { entity: number; companyName: string }) {
  // The table's state is the URL's (decision 026): search text, page, size and sort.
  const state = tableState(route.useSearch());
  const navigate = route.useNavigate();
  // The table follows the typed text a little behind, so a fast typist does not fetch each keystroke.
  const deferredSearch = useDeferredValue(state.search);
  const [preview, setPreview] = useState<Document | null>(null);
  // Once opened, the preview stays mounted: Radix then runs its closing focus handling.
  const [previewUsed, setPreviewUsed] = useState(false);
  if (preview !== null && !previewUsed) setPreviewUsed(true);
  // The preview dialog has no Dialog.Trigger (each row opens it): focus goes back to the row's button.
  const previewOpener = useRef<HTMLElement | null>(null);
  const openPreview = (document: Document, opener: HTMLElement) => {
    previewOpener.current = opener;
    setPreview(document);
  };
  const documents = useDocuments(entity, { ...state, search: deferredSearch });
  const page = documents.data;

  /**
   * Any change but the page number itself starts again at page 1. Sorting, paging and the page size
   * push a history entry, so Back returns to the table before; the search text replaces the entry.
   */
  const show = (next: Partial<DocumentsTableState>, options: { replace?: boolean } = {}) =>
    void navigate({
      search: (previous) => ({ ...previous, ...searchOf({ ...tableState(previous), page: 1, ...next }) }),
      replace: options.replace ?? false,
      // Typing must not scroll the page back to the top.
      resetScroll: !options.replace,
    });

  const sortBy = (field: DocumentSort) => show({ sort: { field, direction: state.sort.field === field && state.sort.direction === 'asc' ? 'desc' : 'asc' } });
  // A page past the end (an old link) becomes the last page, in place of the entry that asked for it.
  usePageInRange(page, (last) => show({ page: last }, { replace: true }));
  const listLabel = `Documents, sorted by ${state.sort.field.replace('_at', '')}`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Documents">Contracts, plans and permits shared by {companyName}, and what you sent them.</PageHeading>
      <UploadZone entity={entity} />
      <ListToolbar
        search={{ id: 'document-search', label: 'Search documents by name', placeholder: 'Search by name', maxLength: MAX_SEARCH_LENGTH }}
        sortOptions={SORT_OPTIONS}
        state={state}
        show={show}
      />

      {!page ? (
        documents.isError ? (
          <p role="alert" className="text-red-800">
            The documents could not be loaded.
          </p>
        ) : (
          <PageSpinner label="Loading documents…" />
        )
      ) : page.total === 0 ? (
        <EmptyState icon={FileText} title={deferredSearch ? 'No documents match' : 'No documents yet'}>
          {deferredSearch ? `Nothing is named like “${deferredSearch}”.` : 'Contracts, permits and plans shared with you will appear here.'}
        </EmptyState>
      ) : (
        <>
          <TableFrame
            caption={listLabel}
            head={
              <>
                {COLUMNS.map((column) => (
                  <SortHeader key={column.label} column={column} sort={state.sort} onSort={sortBy} />
                ))}
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </>
            }
          >
            {page.data.map((document) => (
              <tr key={document.id}>
                <td className="px-4 py-3 font-medium break-words text-slate-900">
                  {document.name}
                  {document.is_mine ? <StatusBadge tone="info" label="Uploaded by you" className="ml-2" /> : null}
                </td>
                <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{DOCUMENT_TYPE_LABELS[document.type]}</td>
                <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 md:table-cell">{formatBytes(document.size)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(document.created_at)}</td>
                <td className="hidden px-4 py-3 text-slate-700 lg:table-cell">{sharedBy(document, companyName)}</td>
                <td className="px-4 py-3">
                  <DocumentActions document={document} onPreview={openPreview} />
                </td>
              </tr>
            ))}
          </TableFrame>
          {/* Below sm each document is a card: the whole name, wrapping between words, above its details and actions. */}
          <ul aria-label={listLabel} className="flex flex-col gap-3 sm:hidden">
            {page.data.map((document) => (
              <li key={document.id} className="flex flex-col gap-2 rounded-2xl bg-white p-4 text-sm ring-1 ring-slate-200">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <p className="min-w-0 font-medium wrap-anywhere text-slate-900">{document.name}</p>
                  {document.is_mine ? <StatusBadge tone="info" label="Uploaded by you" /> : null}
                </div>
                <p className="text-slate-700">
                  {[DOCUMENT_TYPE_LABELS[document.type], formatBytes(document.size), formatDate(document.created_at)].join(' · ')}
                </p>
                {document.is_mine ? null : <p className="text-slate-600">Shared by {sharedBy(document, companyName)}</p>}
                <DocumentActions document={document} onPreview={openPreview} labelled />
              </li>
            ))}
          </ul>
          <TablePager label="Document pages" page={page} size={state.size} show={show} />
        </>
      )}

      {previewUsed ? (
        <Suspense fallback={null}>
          <DocumentPreview document={preview} onClose={() => setPreview(null)} opener={previewOpener} />
        </Suspense>
      ) : null}
    </div>
  );
}
