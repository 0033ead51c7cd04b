import type { IntegrationAlbum } from '@portal/contract';
import { Pencil, Share2, Trash2, EyeOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog, useConfirmOpen } from '../../../../components/confirm-dialog';
import { StatusBadge } from '../../../../components/status-badge';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { formErrors } from '../../../../lib/form-errors';
import { useDeleteAlbum } from '../api/delete-album';
import { useSetAlbumShared } from '../api/share-album';
import { useRenameAlbum } from '../api/update-album';
import { InlineTextForm, SMALL_BUTTON } from './inline-text-form';

/** Whether the customers see an album, in words and colour. */
export function SharedBadge({ shared }: { shared: boolean }) {
  return shared ? <StatusBadge tone="success" label="Shared with customers" /> : <StatusBadge label="Not shared" />;
}

/** Share or stop sharing, rename, delete: what the office does to an album, on its card and on its page. */
export function AlbumActions({ projectId, album, onDeleted }: { projectId: number; album: IntegrationAlbum; onDeleted?: () => void }) {
  const share = useSetAlbumShared(projectId);
  const rename = useRenameAlbum(projectId, album.id);
  const remove = useDeleteAlbum(projectId);
  const confirm = useConfirmOpen(remove);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(album.name);
  const shareErrors = formErrors(share.error);

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(name, { onSuccess: () => setRenaming(false) });
  };

  if (renaming) {
    return (
      <InlineTextForm
        label="Album name"
        field="name"
        value={name}
        onChange={setName}
        required
        maxLength={200}
        error={rename.error}
        pending={rename.isPending}
        saveLabel="Save name"
        onSubmit={submitRename}
        onCancel={() => {
          setRenaming(false);
          setName(album.name);
          rename.reset();
        }}
        className="flex w-full flex-col gap-3"
        buttonsClassName="flex flex-wrap gap-2"
        aria-label={`Rename ${album.name}`}
      />
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <FormError message={shareErrors.form} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant={album.is_shared ? 'ghost' : 'primary'}
          className={SMALL_BUTTON}
          disabled={share.isPending}
          onClick={() => share.mutate({ albumId: album.id, shared: !album.is_shared })}
          aria-label={`${album.is_shared ? 'Stop sharing' : 'Share'} ${album.name}`}
        >
          {album.is_shared ? <EyeOff aria-hidden="true" className="size-4" /> : <Share2 aria-hidden="true" className="size-4" />}
          {album.is_shared ? 'Stop sharing' : 'Share with customers'}
        </Button>
        <Button variant="ghost" className={SMALL_BUTTON} onClick={() => setRenaming(true)} aria-label={`Rename ${album.name}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Rename
        </Button>
        <ConfirmDialog
          open={confirm.open}
          onOpenChange={confirm.onOpenChange}
          trigger={
            <Button variant="ghost" className={SMALL_BUTTON} aria-label={`Delete ${album.name}`}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          }
          title={`Delete “${album.name}”?`}
          danger
          confirmLabel="Delete album"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          error={formErrors(remove.error).form}
          onConfirm={() =>
            remove.mutate(album.id, {
              onSuccess: () => {
                confirm.close();
                onDeleted?.();
              },
            })
          }
        >
          {album.photo_count > 0
            ? `Its ${album.photo_count === 1 ? 'photo goes' : `${album.photo_count} photos go`} with it, for the office and the customers. This cannot be undone.`
            : 'This cannot be undone.'}
        </ConfirmDialog>
      </div>
    </div>
  );
}
