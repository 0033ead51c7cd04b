import type { Document } from '@portal/contract';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';

/** An image document shown over the list; focus goes back to the row's button that opened it (there is no Dialog.Trigger). */
export function DocumentPreview({ document, onClose, opener }: { document: Document | null; onClose: () => void; opener: RefObject<HTMLElement | null> }) {
  return (
    <Dialog.Root open={document !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content
          className="fixed inset-4 z-50 flex flex-col gap-3 rounded-2xl bg-white p-4 sm:inset-10"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className="flex items-center justify-between gap-4">
            <Dialog.Title className="truncate text-lg font-semibold">{document?.name}</Dialog.Title>
            <Dialog.Close className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100">Close</Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Preview of the image</Dialog.Description>
          {document ? <img src={document.file.url} alt={document.name} className="min-h-0 flex-1 object-contain" /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
