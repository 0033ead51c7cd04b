import { MAX_DOCUMENT_BYTES } from '@portal/contract/constants';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useReadOnly, WriteControls } from '../../../../components/read-only';
import { UploadProgress } from '../../../../components/upload-progress';
import { DOCUMENT_ACCEPT } from '../../../../lib/document-files';
import { useDropFiles } from '../../../../lib/use-drop-files';
import { ApiRequestError } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useUploadDocument } from '../api/upload-document';

/** Upload by button or by dropping a file, with a progress bar; the server's reason when refused. */
export function UploadZone({ entity }: { entity: number }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadDocument(entity, setProgress);
  const readOnly = useReadOnly();

  async function send(file: File | undefined) {
    if (!file || readOnly) return;
    setError(null);
    if (file.size > MAX_DOCUMENT_BYTES) {
      setError(`${file.name} is larger than 25 MB.`);
      return;
    }
    setProgress(0);
    try {
      const document = await upload.mutateAsync(file);
      toast.success('Uploaded', `${document.name} was sent to your project team.`);
    } catch (caught) {
      const message = caught instanceof ApiRequestError ? (Object.values(caught.fieldErrors()).flat()[0] ?? caught.message) : 'The upload failed.';
      setError(`${file.name}: ${message}`);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const { dragging, dropHandlers } = useDropFiles((files) => void send(files[0]));

  return (
    <section
      aria-label="Upload a document"
      {...dropHandlers}
      className={`flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center transition ${dragging ? 'border-blue-600 bg-blue-50' : 'border-slate-300 bg-white'}`}
    >
      <Upload aria-hidden="true" className="size-8 text-slate-500" />
      <p className="text-slate-700">Drop a file here to send it to your project team, or</p>
      <WriteControls>
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-portal px-6 py-3 font-semibold text-on-portal hover:brightness-110 has-[:disabled]:opacity-60">
          Choose a file
          <input
            ref={input}
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="sr-only"
            disabled={progress !== null}
            onChange={(event) => void send(event.target.files?.[0])}
          />
        </label>
      </WriteControls>
      <p className="text-sm text-slate-600">PDF, images, Word, Excel or text, up to 25 MB.</p>
      {progress !== null ? <UploadProgress progress={progress} className="w-full max-w-sm" /> : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}
