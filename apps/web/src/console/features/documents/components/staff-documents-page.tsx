import { MAX_DOCUMENT_BYTES } from '@portal/contract/constants';
import type { IntegrationDocument } from '@portal/contract';
import { Download, Eye, EyeOff, FileText, Share2, Trash2, Upload, Users } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { UploadProgress } from '../../../../components/upload-progress';
import { DOCUMENT_ACCEPT, DOCUMENT_TYPE_LABELS } from '../../../../lib/document-files';
import { useDropFiles } from '../../../../lib/use-drop-files';
import { QueryStatus } from '../../../../components/query-status';
import { AreaSwitchedOff } from '../../../components/area-switched-off';
import { ConfirmDialog, useConfirmOpen } from '../../../../components/confirm-dialog';
import { StatusBadge } from '../../../../components/status-badge';
import { EmptyState } from '../../../../components/ui/empty-state';
import { formatBytes, formatDay } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { useDeleteDocument } from '../api/delete-document';
import { useProjectDocuments, useUploadProjectDocuments } from '../../../lib/project-documents';
import { useSetDocumentShared } from '../api/share-document';

const MAX_FILES = 20;

const card = 'rounded-2xl bg-white shadow-sm ring-1 ring-slate-200';
const action = 'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-blue-800 hover:bg-blue-50 disabled:opacity-60';

/**
 * A project's documents in the console (docs/staff-console.md): the company's, which it shares with the customers or
 * keeps to itself, and apart from them what the customers uploaded.
 */
export function StaffDocumentsPage({ projectId }: { projectId: number }) {
  const documents = useProjectDocuments(projectId);
  const all = useMemo(() => documents.data?.pages.flatMap((page) => page.data) ?? [], [documents.data]);
  const companys = all.filter((document) => document.uploaded_by.kind !== 'customer');
  const customers = all.filter((document) => document.uploaded_by.kind === 'customer');

  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <AreaSwitchedOff area="is_portal_file_sharing_enabled" label="Documents" />
      <section aria-labelledby="company-documents" className="flex flex-col gap-4">
        <div>
          <h2 id="company-documents" className="text-lg font-semibold text-slate-900">
            Company documents
          </h2>
          <p className="text-slate-600">Contracts, plans and permits. Customers see only the ones you share.</p>
        </div>
        <UploadCard projectId={projectId} />
        <QueryStatus query={documents} noun="documents" loadingLabel="Loading documents…" />
        {documents.isSuccess && companys.length === 0 ? (
          <EmptyState icon={FileText} title="No company documents yet">
            Upload a contract, a plan or a permit above, then share it with the customers.
          </EmptyState>
        ) : null}
        {companys.length > 0 ? (
          <ul aria-label="Company documents" className="flex flex-col gap-3">
            {companys.map((document) => (
              <CompanyDocument key={document.id} projectId={projectId} document={document} />
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="customer-uploads" className="flex flex-col gap-4">
        <div>
          <h2 id="customer-uploads" className="text-lg font-semibold text-slate-900">
            Uploaded by customers
          </h2>
          <p className="text-slate-600">What the project’s customers sent from their portal.</p>
        </div>
        {documents.isSuccess && customers.length === 0 ? (
          <EmptyState icon={Users} title="Nothing uploaded by customers">
            Files the customers upload in their portal appear here.
          </EmptyState>
        ) : null}
        {customers.length > 0 ? (
          <ul aria-label="Uploaded by customers" className="flex flex-col gap-3">
            {customers.map((document) => (
              <li key={document.id} className={`${card} flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4`}>
                <DocumentSummary document={document} by={document.uploaded_by.name ?? 'A customer'} />
                <div className="-ml-3 flex flex-wrap gap-1 sm:ml-0">
                  <FileLinks document={document} />
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {documents.hasNextPage ? (
        <button
          type="button"
          onClick={() => void documents.fetchNextPage()}
          disabled={documents.isFetchingNextPage}
          className="self-center rounded-full px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white disabled:opacity-60"
        >
          {documents.isFetchingNextPage ? 'Loading more documents…' : 'Show more documents'}
        </button>
      ) : null}
    </div>
  );
}

function DocumentSummary({ document, by }: { document: IntegrationDocument; by: string }) {
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere text-slate-900">{document.name}</p>
        <p className="text-sm text-slate-600">
          {[DOCUMENT_TYPE_LABELS[document.type], formatBytes(document.size), formatDay(document.created_at), by].join(' · ')}
        </p>
      </div>
    </div>
  );
}

/** Preview (PDFs and images open in a new tab) and download, through the file's signed links. */
function FileLinks({ document }: { document: IntegrationDocument }) {
  return (
    <>
      {document.type === 'pdf' || document.file.image_url ? (
        <a href={document.file.url} target="_blank" rel="noopener" className={action} aria-label={`Preview ${document.name}`}>
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </a>
      ) : null}
      <a href={document.file.download_url} download={document.name} className={action} aria-label={`Download ${document.name}`}>
        <Download aria-hidden="true" className="size-4" />
        Download
      </a>
    </>
  );
}

function CompanyDocument({ projectId, document }: { projectId: number; document: IntegrationDocument }) {
  const share = useSetDocumentShared(projectId);
  const failure = share.error ? formErrors(share.error).form : null;
  const by = document.uploaded_by.kind === 'staff' ? (document.uploaded_by.name ?? 'Staff') : 'Company';
  return (
    <li className={`${card} flex flex-col gap-2 p-4`}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <DocumentSummary document={document} by={by} />
        <StatusBadge
          className="ml-8 self-start sm:ml-0 sm:self-center"
          {...(document.is_shared
            ? { tone: 'success', label: 'Shared with customers', icon: <Share2 aria-hidden="true" className="size-3.5" /> }
            : { label: 'Staff only', icon: <EyeOff aria-hidden="true" className="size-3.5" /> })}
        />
      </div>
      <div className="-ml-3 flex flex-wrap gap-1">
        <FileLinks document={document} />
        <button
          type="button"
          className={action}
          disabled={share.isPending}
          onClick={() => share.mutate({ documentId: document.id, shared: !document.is_shared })}
          aria-label={`${document.is_shared ? 'Stop sharing' : 'Share'} ${document.name}`}
        >
          {document.is_shared ? <EyeOff aria-hidden="true" className="size-4" /> : <Share2 aria-hidden="true" className="size-4" />}
          {document.is_shared ? 'Stop sharing' : 'Share with customers'}
        </button>
        <DeleteDocument projectId={projectId} document={document} />
      </div>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
    </li>
  );
}

function DeleteDocument({ projectId, document }: { projectId: number; document: IntegrationDocument }) {
  const remove = useDeleteDocument(projectId);
  const confirm = useConfirmOpen(remove);
  const failure = remove.error ? formErrors(remove.error).form : null;
  return (
    <ConfirmDialog
      open={confirm.open}
      onOpenChange={confirm.onOpenChange}
      trigger={
        <button type="button" className={`${action} text-red-800 hover:bg-red-50`} aria-label={`Delete ${document.name}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </button>
      }
      title={`Delete ${document.name}?`}
      danger
      cancelLabel="Keep it"
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={failure}
      onConfirm={() => remove.mutate(document.id, { onSuccess: () => confirm.close() })}
    >
      The file is deleted for good{document.is_shared ? ' and leaves the customers’ portal' : ''}. This cannot be undone.
    </ConfirmDialog>
  );
}

/** Upload one or several files by the picker or by dropping them; shared at once or kept to the staff. */
function UploadCard({ projectId }: { projectId: number }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [shared, setShared] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const upload = useUploadProjectDocuments(projectId, setProgress);

  async function send(picked: File[]) {
    if (picked.length === 0) return;
    setError(null);
    setDone(null);
    const tooLarge = picked.find((file) => file.size > MAX_DOCUMENT_BYTES);
    if (picked.length > MAX_FILES) return setError(`At most ${MAX_FILES} files at once.`);
    if (tooLarge) return setError(`${tooLarge.name} is larger than ${formatBytes(MAX_DOCUMENT_BYTES)}. Nothing was uploaded.`);
    setProgress(0);
    try {
      const { data } = await upload.mutateAsync({ files: picked, shared });
      setDone(`${data.length === 1 ? data[0]!.name : `${data.length} documents`} uploaded${shared ? ' and shared with the customers' : ''}.`);
    } catch (caught) {
      const errors = formErrors(caught);
      const message = [errors.fields.files, errors.fields.shared, errors.form].find(Boolean) ?? 'The upload failed.';
      setError(`${message} Nothing was uploaded.`);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const { dragging, dropHandlers } = useDropFiles((files) => void send(files));

  return (
    <div
      {...dropHandlers}
      className={`flex flex-col gap-3 rounded-2xl border-2 border-dashed p-4 sm:flex-row sm:items-center sm:gap-6 sm:p-5 ${dragging ? 'border-blue-600 bg-blue-50' : 'border-slate-300 bg-white'}`}
    >
      <div className="flex flex-col gap-2 sm:flex-1">
        <label className="inline-flex cursor-pointer items-center justify-center gap-2 self-start rounded-full bg-portal px-5 py-2.5 font-semibold text-on-portal hover:brightness-110 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
          <Upload aria-hidden="true" className="size-4" />
          Upload documents
          <input
            ref={input}
            type="file"
            multiple
            accept={DOCUMENT_ACCEPT}
            className="sr-only"
            disabled={progress !== null}
            aria-describedby={`${id}-hint`}
            onChange={(event) => void send([...(event.target.files ?? [])])}
          />
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          Or drop files here. PDF, images, Word, Excel or text, up to {formatBytes(MAX_DOCUMENT_BYTES)} each, {MAX_FILES} at once.
        </p>
      </div>
      <div className="flex items-start gap-2 text-sm sm:max-w-64">
        <input id={`${id}-shared`} type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} className="mt-0.5 size-4 shrink-0" />
        <label htmlFor={`${id}-shared`} className="text-slate-800">
          <span className="font-medium">Share with customers at once</span>
          <span className="block text-slate-600">They are emailed about each one.</span>
        </label>
      </div>
      {progress !== null ? <UploadProgress progress={progress} className="w-full sm:max-w-48" /> : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-800 sm:max-w-64">
          {error}
        </p>
      ) : done ? (
        <p role="status" className="text-sm font-medium text-green-800 sm:max-w-64">
          {done}
        </p>
      ) : null}
    </div>
  );
}
