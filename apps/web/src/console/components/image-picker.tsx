import { MAX_PUBLIC_IMAGE_BYTES } from '@portal/contract/constants';
import { useRef, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { tooLargeMessage } from '../../lib/format';

/** The public images' types: what the server takes for a logo and a picture (docs/staff-console.md). */
const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Choose, replace and remove one public image (the company's logo, a member's picture), saved as soon as it is chosen.
 * A file larger than the server takes is refused here, before it is sent: `onRefuse` hears why (and null once a file
 * fits), so the page can show it where it shows the server's own refusals.
 */
export function ImagePicker({
  inputLabel,
  labels,
  hasImage,
  uploading,
  removing,
  onUpload,
  onRemove,
  onRefuse,
  buttonClassName,
}: {
  /** The hidden file input's name, for assistive technology and tests. */
  inputLabel: string;
  labels: { add: string; replace: string; remove: string };
  hasImage: boolean;
  uploading: boolean;
  removing: boolean;
  onUpload: (file: File) => void;
  onRemove: () => void;
  onRefuse: (message: string | null) => void;
  buttonClassName: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (file: File | undefined) => {
    if (!file) return;
    const refusal = tooLargeMessage(file, MAX_PUBLIC_IMAGE_BYTES);
    onRefuse(refusal);
    if (!refusal) onUpload(file);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        aria-label={inputLabel}
        tabIndex={-1}
        accept={ACCEPT}
        className="sr-only"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          // Cleared, so that choosing the same file again is a change too.
          event.target.value = '';
        }}
      />
      <Button variant="ghost" className={buttonClassName} disabled={uploading} onClick={() => input.current?.click()}>
        {uploading ? 'Uploading…' : hasImage ? labels.replace : labels.add}
      </Button>
      {hasImage ? (
        <Button variant="ghost" className={buttonClassName} disabled={removing} onClick={onRemove}>
          {labels.remove}
        </Button>
      ) : null}
    </>
  );
}

/** A picker's card: its heading, the image now (or what stands for none) beside the buttons, a hint and what went wrong. */
export function ImagePickerSection({
  headingId,
  heading,
  className,
  current,
  hint,
  error,
  children,
}: {
  headingId: string;
  heading: string;
  /** The card's spacing, as the page around it has it. */
  className: string;
  current: ReactNode;
  hint: string;
  error: ReactNode;
  /** The ImagePicker. */
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={`flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        {current}
        <div className="flex flex-wrap gap-2">{children}</div>
      </div>
      <p className="text-sm text-slate-600">{hint}</p>
      {error}
    </section>
  );
}
