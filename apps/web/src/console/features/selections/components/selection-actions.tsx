import type { IntegrationSelectionDetail } from '@portal/contract';
import { useNavigate } from '@tanstack/react-router';
import { Lock, LockOpen, RotateCcw, Trash2, UserCheck } from 'lucide-react';
import { ConfirmDialog, useConfirmOpen } from '../../../../components/confirm-dialog';
import { Button } from '../../../../components/ui/button';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { InlineAlert } from '../../../components/labelled-field';
import { useDeleteSelection, useSelectionStep } from '../api/selection-steps';
import { SMALL } from './small-button';
import { selectionsUrl } from './links';

const refusal = (error: unknown, fallback: string) => (error ? (formErrors(error).form ?? fallback) : null);

/** Lock, after asking: the choice can no longer change, in the portal or here, until unlocked. */
function LockButton({ selection }: { selection: IntegrationSelectionDetail }) {
  const lock = useSelectionStep(selection.id, 'lock');
  const confirm = useConfirmOpen(lock);
  return (
    <ConfirmDialog
      open={confirm.open}
      onOpenChange={confirm.onOpenChange}
      trigger={
        <Button variant="ghost" className={SMALL}>
          <Lock aria-hidden="true" className="size-4" />
          Lock
        </Button>
      }
      title={`Lock ${selection.title}?`}
      confirmLabel="Lock the selection"
      pending={lock.isPending}
      error={refusal(lock.error, 'It could not be locked. Try again in a moment.')}
      // The promise, not mutate's callbacks: once locked, Unlock takes this button's place before they would run.
      onConfirm={() =>
        void lock.mutateAsync().then(
          () => {
            confirm.close();
            toast.success('Selection locked', 'The customers see what was chosen and can no longer change it.');
          },
          () => undefined,
        )
      }
    >
      Lock it once you order what was chosen: the customers can no longer choose or change their choice. You can unlock it again.
    </ConfirmDialog>
  );
}

/** Reset, after asking: the current choice is taken back (kept in the history) and the customer chooses again. */
function ResetButton({ selection }: { selection: IntegrationSelectionDetail }) {
  const reset = useSelectionStep(selection.id, 'reset');
  const confirm = useConfirmOpen(reset);
  return (
    <ConfirmDialog
      open={confirm.open}
      onOpenChange={confirm.onOpenChange}
      danger
      trigger={
        <Button variant="ghost" className={`${SMALL} text-red-800`}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Reset choice
        </Button>
      }
      title={`Reset the choice of ${selection.title}?`}
      confirmLabel="Reset the choice"
      pending={reset.isPending}
      error={refusal(reset.error, 'The choice could not be reset. Try again in a moment.')}
      // The promise, not mutate's callbacks: with no choice left, this button is gone before they would run.
      onConfirm={() =>
        void reset.mutateAsync().then(
          () => {
            confirm.close();
            toast.success('Choice reset', 'The customers can choose again; the earlier choice stays in the history.');
          },
          () => undefined,
        )
      }
    >
      {`“${selection.chosen?.title ?? 'The choice'}” is no longer chosen: the customers choose again, and the allowance's change order follows. The evidence of the earlier choice stays in the history.`}
    </ConfirmDialog>
  );
}

/** Deletes the selection after asking (refused while it has a choice), then goes back to the list. */
function DeleteButton({ projectId, selection }: { projectId: number; selection: IntegrationSelectionDetail }) {
  const navigate = useNavigate();
  const remove = useDeleteSelection(selection.id);
  const confirm = useConfirmOpen(remove);
  return (
    <ConfirmDialog
      open={confirm.open}
      onOpenChange={confirm.onOpenChange}
      danger
      trigger={
        <Button variant="ghost" className={`${SMALL} text-red-800`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      }
      title={`Delete ${selection.title}?`}
      confirmLabel="Delete the selection"
      pending={remove.isPending}
      error={refusal(remove.error, 'It could not be deleted. Try again in a moment.')}
      // The promise, not mutate's callbacks: they do not run once the page holding this button has gone.
      onConfirm={() =>
        void remove.mutateAsync().then(
          () => {
            toast.success('Selection deleted', `${selection.title} and its options are gone.`);
            const to: string = selectionsUrl(projectId);
            void navigate({ to });
          },
          () => undefined,
        )
      }
    >
      The selection, its options and their photos go for good; the customers no longer see it.
    </ConfirmDialog>
  );
}

/**
 * What the office may do with a selection: lock it (or unlock it), reset its choice, choose for the customer (the
 * form opens below), or delete one nobody has chosen yet.
 */
export function SelectionActions({
  projectId,
  selection,
  choosing,
  onChoose,
}: {
  projectId: number;
  selection: IntegrationSelectionDetail;
  choosing: boolean;
  onChoose: () => void;
}) {
  const unlock = useSelectionStep(selection.id, 'unlock');
  const locked = selection.locked_at !== null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {locked ? (
          <Button
            variant="ghost"
            className={SMALL}
            disabled={unlock.isPending}
            onClick={() => unlock.mutate(undefined, { onSuccess: () => toast.success('Selection unlocked', 'The customers may change their choice again.') })}
          >
            <LockOpen aria-hidden="true" className="size-4" />
            Unlock
          </Button>
        ) : (
          <LockButton selection={selection} />
        )}
        {selection.choice ? <ResetButton selection={selection} /> : null}
        {!locked && !choosing && selection.options.length > 0 ? (
          <Button variant="ghost" className={SMALL} onClick={onChoose}>
            <UserCheck aria-hidden="true" className="size-4" />
            Choose for the customer
          </Button>
        ) : null}
        {selection.choice ? null : <DeleteButton projectId={projectId} selection={selection} />}
      </div>
      <InlineAlert message={refusal(unlock.error, 'It could not be unlocked. Try again in a moment.')} />
    </div>
  );
}
