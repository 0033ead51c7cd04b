import type { IntegrationChangeOrderDetail } from '@portal/contract';
import { formatChangeOrderNumber } from '@portal/contract/change-order-constants';
import { fromCents } from '@portal/contract/money';
import { useNavigate } from '@tanstack/react-router';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { formatChangeOrderAmount, NO_VALUE } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { OptionalTextArea } from '../../../components/labelled-field';
import { LineItemsEditor, TaxAndTotals } from '../../../components/line-items-editor';
import { DeleteDraftButton, FormCard } from '../../../components/record-page';
import { draftTotals } from '../../../lib/draft-totals';
import { useDeleteChangeOrder, useSaveChangeOrder, useSendChangeOrder } from '../api/change-order-steps';
import { blankItem, draftBody, draftForm, type DraftForm } from '../draft-form';
import { AttachedFiles } from './attached-files';
import { changeOrdersUrl, changeOrderUrl } from './links';

/** Cents as the change order reads them: a negative figure says it is a credit. */
const amount = (cents: number | null) => (cents === null ? NO_VALUE : formatChangeOrderAmount(fromCents(cents)));

/** Deletes the draft after asking, then goes back to the list. */
function DeleteDraft({ projectId, changeOrder, disabled }: { projectId: number; changeOrder: IntegrationChangeOrderDetail; disabled: boolean }) {
  const navigate = useNavigate();
  const remove = useDeleteChangeOrder(changeOrder.id);
  const name = formatChangeOrderNumber(changeOrder.number, changeOrder.version);
  return (
    <DeleteDraftButton
      name={name}
      remove={remove}
      disabled={disabled}
      onDeleted={() => {
        toast.success('Draft deleted', `${name} is gone.`);
        const to: string = changeOrdersUrl(projectId);
        void navigate({ to });
      }}
    >
      No customer has seen it. The draft, its items and its list of files go for good (the files stay in the project&apos;s documents).
    </DeleteDraftButton>
  );
}

/** The change order's number, title, description, schedule days and approval deadline. */
function DetailsCard({
  form,
  set,
  fields,
  isNew,
}: {
  form: DraftForm;
  set: (patch: Partial<DraftForm>) => void;
  fields: Record<string, string | undefined>;
  isNew: boolean;
}) {
  return (
    <FormCard title="Details" id="change-order-details">
      <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <TextField
          label="Number"
          inputMode="numeric"
          value={form.number}
          onChange={(event) => set({ number: event.target.value })}
          error={fields.number}
          hint={isNew ? 'Empty: the next one.' : undefined}
          autoComplete="off"
        />
        <TextField label="Title" value={form.title} onChange={(event) => set({ title: event.target.value })} error={fields.title} autoComplete="off" required />
      </div>
      <div className="mt-4">
        <OptionalTextArea label="Description" value={form.description} error={fields.description} onChange={(description) => set({ description })} />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Schedule days"
          inputMode="numeric"
          value={form.schedule_days}
          onChange={(event) => set({ schedule_days: event.target.value })}
          error={fields.schedule_days}
          hint="Days the change adds to the work; negative takes days off, 0 none."
        />
        <TextField
          label="Approval deadline"
          type="date"
          value={form.approval_deadline}
          onChange={(event) => set({ approval_deadline: event.target.value })}
          error={fields.approval_deadline}
          hint="The last day the customer may approve it. Empty: no deadline."
        />
      </div>
    </FormCard>
  );
}

/**
 * A draft change order: number (the server's next one to start with), title, description, items (a negative price is
 * a credit), tax rate, schedule days, approval deadline, whether approving it invoices at once, and attached files.
 * Saved whole; "Save and send" saves what is on screen first, so what the customers get is what the office sees. The
 * totals follow the typing with the server's arithmetic.
 */
export function ChangeOrderEditor({ projectId, changeOrder }: { projectId: number; changeOrder?: IntegrationChangeOrderDetail }) {
  const navigate = useNavigate();
  const invoiceId = useId();
  const save = useSaveChangeOrder(projectId, changeOrder?.id);
  const send = useSendChangeOrder();
  const [form, setForm] = useState<DraftForm>(() => draftForm(changeOrder));
  const [sending, setSending] = useState(false);
  const totals = draftTotals(form.items, form.tax_rate);
  const { form: formMessage, fields } = formErrors(save.error ?? send.error);
  const busy = save.isPending || send.isPending;
  const set = (patch: Partial<DraftForm>) => setForm((previous) => ({ ...previous, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.reset();
    save.mutate(draftBody(form), {
      onSuccess: (saved) => {
        toast.success('Draft saved', `${formatChangeOrderNumber(saved.number, saved.version)} is saved; no customer sees it until you send it.`);
        if (!changeOrder) {
          const to: string = changeOrderUrl(projectId, saved.id);
          void navigate({ to });
        }
      },
    });
  };

  const saveAndSend = () =>
    save.mutate(draftBody(form), {
      onSuccess: (saved) =>
        send.mutate(saved.id, {
          onSuccess: (sent) =>
            toast.success('Change order sent', `The project's customers can read ${formatChangeOrderNumber(sent.number, sent.version)} and approve it now.`),
          onSettled: () => setSending(false),
        }),
      onError: () => setSending(false),
    });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <DetailsCard form={form} set={set} fields={fields} isNew={!changeOrder} />

      <FormCard title="Items" id="change-order-items">
        <div className="flex flex-col">
          {fields.items ? <p className="mb-3 text-sm text-red-700">{fields.items}</p> : null}
          <LineItemsEditor
            lines={form.items}
            onChange={(items) => set({ items })}
            blank={blankItem}
            name={(index) => `Item ${index + 1}`}
            error={(index, field) => fields[`items.${index}.${field}`]}
            amounts={totals.amounts}
            unitPriceLabel="Unit price ($)"
            addLabel="Add an item"
          />
        </div>
        <p className="mt-2 text-sm text-slate-600">A negative unit price is a credit to the customer (work left out, a smaller repair).</p>
        <div className="mt-6 border-t border-slate-200 pt-4">
          <TaxAndTotals
            taxRate={form.tax_rate}
            onTaxRateChange={(tax_rate) => set({ tax_rate })}
            taxError={fields.tax_rate}
            rows={[
              { label: 'Subtotal', value: amount(totals.subtotal) },
              { label: 'Tax', value: amount(totals.tax) },
              { label: 'Total', value: amount(totals.total), strong: true, testId: 'draft-total' },
            ]}
          >
            {fields.total ? <p className="text-sm text-red-700">{fields.total}</p> : null}
          </TaxAndTotals>
        </div>
        <div className="mt-4 flex items-start gap-2">
          <input
            id={invoiceId}
            type="checkbox"
            checked={form.invoice_on_approval}
            onChange={(event) => set({ invoice_on_approval: event.target.checked })}
            aria-describedby={`${invoiceId}-hint`}
            className="mt-0.5 size-5 shrink-0 accent-slate-900"
          />
          <label htmlFor={invoiceId} className="text-slate-800">
            <span className="font-medium">Invoice on approval</span>
            <span id={`${invoiceId}-hint`} className="block text-sm text-slate-600">
              Approving it sends the customer an invoice for its items at once; a credit makes none.
            </span>
          </label>
        </div>
      </FormCard>

      <FormCard title="Attached files" id="change-order-files">
        <AttachedFiles
          projectId={projectId}
          fileIds={form.file_ids}
          attached={changeOrder?.files ?? []}
          onChange={(file_ids) => set({ file_ids })}
          error={fields.file_ids ?? Object.entries(fields).find(([key]) => key.startsWith('file_ids.'))?.[1]}
        />
      </FormCard>

      <FormError message={formMessage} />
      <div className="flex flex-wrap justify-end gap-3">
        {changeOrder ? (
          <DeleteDraft projectId={projectId} changeOrder={changeOrder} disabled={busy} />
        ) : (
          <Button
            variant="ghost"
            onClick={() => {
              const to: string = changeOrdersUrl(projectId);
              void navigate({ to });
            }}
          >
            Cancel
          </Button>
        )}
        <Button type="submit" variant={changeOrder ? 'ghost' : 'primary'} disabled={busy}>
          {changeOrder ? 'Save the draft' : 'Create the draft'}
        </Button>
        {changeOrder ? (
          <ConfirmDialog
            open={sending}
            onOpenChange={setSending}
            trigger={
              <Button disabled={busy}>
                <Send aria-hidden="true" className="size-4" />
                Save and send…
              </Button>
            }
            title={`Send ${formatChangeOrderNumber(changeOrder.number, changeOrder.version)}?`}
            confirmLabel="Send the change order"
            pending={busy}
            onConfirm={saveAndSend}
          >
            The draft is saved as it is on screen. The project&apos;s customers can read it in the portal at once and are emailed; they can approve it with a
            signature or decline it until its deadline. A sent change order can no longer be changed, only replaced by a new version.
          </ConfirmDialog>
        ) : null}
      </div>
    </form>
  );
}
