import type { StoredFile } from '@portal/contract';
import { MAX_DOCUMENT_BYTES } from '@portal/contract/constants';
import { CHANGE_ORDER_MAX_FILES } from '@portal/contract/change-order-constants';
import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { UploadProgress } from '../../../../components/upload-progress';
import { Button } from '../../../../components/ui/button';
import { DOCUMENT_ACCEPT } from '../../../../lib/document-files';
import { formatBytes } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { InlineAlert } from '../../../components/labelled-field';
import { useProjectDocuments, useUploadProjectDocuments } from '../../../lib/project-documents';

/**
 * The files shown to the customer with the change order: any of the project's documents, ticked, or a new one
 * uploaded here the way the Documents tab uploads (kept to the company there; the customer sees it through the change
 * order once sent). `attached` are the files the saved draft holds, named even when the list has not loaded them.
 */
export function AttachedFiles({
  projectId,
  fileIds,
  attached,
  onChange,
  error,
}: {
  projectId: number;
  fileIds: number[];
  attached: StoredFile[];
  onChange: (fileIds: number[]) => void;
  error: string | undefined;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const documents = useProjectDocuments(projectId);
  const upload = useUploadProjectDocuments(projectId, setProgress);

  const files = new Map<number, Pick<StoredFile, 'id' | 'name' | 'size'>>();
  for (const file of attached) files.set(file.id, file);
  for (const page of documents.data?.pages ?? []) for (const document of page.data) files.set(document.file.id, document.file);
  const chosen = new Set(fileIds);
  const toggle = (fileId: number, on: boolean) => onChange(on ? [...fileIds, fileId] : fileIds.filter((candidate) => candidate !== fileId));

  async function send(picked: File[]) {
    if (picked.length === 0) return;
    setUploadError(null);
    const tooLarge = picked.find((file) => file.size > MAX_DOCUMENT_BYTES);
    if (tooLarge) return setUploadError(`${tooLarge.name} is larger than ${formatBytes(MAX_DOCUMENT_BYTES)}. Nothing was uploaded.`);
    setProgress(0);
    try {
      const { data } = await upload.mutateAsync({ files: picked, shared: false });
      onChange([...fileIds, ...data.map((document) => document.file.id).filter((fileId) => !chosen.has(fileId))]);
    } catch (caught) {
      const errors = formErrors(caught);
      setUploadError(`${errors.fields.files ?? errors.form ?? 'The upload failed.'} Nothing was uploaded.`);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${id}-hint`}>
      <legend className="sr-only">Attached files</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Drawings, photos of what was found: tick any of the project&apos;s documents, or upload one (up to {CHANGE_ORDER_MAX_FILES}).
      </p>
      {documents.isError ? <InlineAlert message="The project's documents could not be loaded. Try again in a moment." /> : null}
      {files.size === 0 && !documents.isPending ? <p className="text-slate-600">The project has no documents yet.</p> : null}
      {files.size > 0 ? (
        <ul className="flex flex-col gap-2">
          {[...files.values()].map((file) => (
            <li key={file.id}>
              <label className="flex items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  checked={chosen.has(file.id)}
                  onChange={(event) => toggle(file.id, event.target.checked)}
                  className="size-5 shrink-0 accent-slate-900"
                />
                <span className="min-w-0 wrap-anywhere">{file.name}</span>
                <span className="shrink-0 text-sm text-slate-600">{formatBytes(file.size)}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {documents.hasNextPage ? (
        <Button variant="ghost" className="self-start px-4 py-2 text-sm" disabled={documents.isFetchingNextPage} onClick={() => void documents.fetchNextPage()}>
          Show more documents
        </Button>
      ) : null}
      <label className="inline-flex cursor-pointer items-center gap-2 self-start rounded-full px-4 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
        <Upload aria-hidden="true" className="size-4" />
        Upload a file
        <input
          ref={input}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          disabled={progress !== null}
          onChange={(event) => void send([...(event.target.files ?? [])])}
        />
      </label>
      {progress !== null ? <UploadProgress progress={progress} className="w-full sm:max-w-48" /> : null}
      <InlineAlert message={uploadError ?? error} />
    </fieldset>
  );
}
