import type { IntegrationProposalDetail } from '@portal/contract';
import { formatProposalNumber } from '@portal/contract/proposal-constants';
import { useNavigate } from '@tanstack/react-router';
import { Plus, Send, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { localDate } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useDeleteProposal } from '../api/delete-proposal';
import { useSaveProposal } from '../api/save-proposal';
import { useSendProposal } from '../api/send-proposal';
import { blankItem, blankSection, draftBody, draftForm, draftTotals, type DraftForm, type DraftSection } from '../draft-form';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { OptionalTextArea, RowField } from '../../../components/labelled-field';
import { DeleteDraftButton, FormCard } from '../../../components/record-page';
import { LineItemsEditor, money, TaxAndTotals } from '../../../components/line-items-editor';
import { proposalsUrl, proposalUrl } from './links';

const SMALL = 'px-4 py-2 text-sm';

/** One section of the draft: its title and its items, each of which the customer may be left to tick. */
function SectionCard({
  section,
  index,
  fields,
  onChange,
  onRemove,
}: {
  section: DraftSection;
  index: number;
  fields: Record<string, string | undefined>;
  onChange: (patch: Partial<DraftSection>) => void;
  onRemove: () => void;
}) {
  const sectionLabel = `Section ${index + 1}`;
  return (
    <FormCard
      id={`proposal-section-${section.key}`}
      title={section.title.trim() || sectionLabel}
      action={
        <Button variant="ghost" className={`${SMALL} text-red-800`} aria-label={`Remove section ${index + 1}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove section
        </Button>
      }
    >
      <RowField
        label="Section title"
        hiddenPrefix={sectionLabel}
        value={section.title}
        error={fields[`sections.${index}.title`]}
        onChange={(title) => onChange({ title })}
      />
      {fields[`sections.${index}.items`] ? <p className="mt-2 text-sm text-red-700">{fields[`sections.${index}.items`]}</p> : null}
      <div className="mt-4 flex flex-col">
        <LineItemsEditor
          lines={section.items}
          onChange={(items) => onChange({ items })}
          blank={blankItem}
          name={(itemIndex) => `${sectionLabel} item ${itemIndex + 1}`}
          error={(itemIndex, field) => fields[`sections.${index}.items.${itemIndex}.${field}`]}
          optional
          unitPriceLabel="Unit price ($)"
          addLabel={
            <>
              Add an item<span className="sr-only"> to section {index + 1}</span>
            </>
          }
        />
      </div>
    </FormCard>
  );
}

/** Deletes the draft after asking. */
function DeleteDraft({ projectId, proposal, disabled }: { projectId: number; proposal: IntegrationProposalDetail; disabled: boolean }) {
  const navigate = useNavigate();
  const remove = useDeleteProposal(proposal.id);
  const name = formatProposalNumber(proposal.number, proposal.version);
  return (
    <DeleteDraftButton
      name={name}
      remove={remove}
      disabled={disabled}
      onDeleted={() => {
        toast.success('Draft deleted', `${name} is gone.`);
        const to: string = proposalsUrl(projectId);
        void navigate({ to });
      }}
    >
      No customer has seen it. The draft and its items go for good.
    </DeleteDraftButton>
  );
}

/**
 * A draft proposal: its title, intro, sections of items (an item may be optional: the customer ticks it or not), tax,
 * terms and expiry. Saved whole; "Save and send" saves what is on screen first, so what the customers get is what the
 * office sees. The totals follow the typing with the server's arithmetic.
 */
export function ProposalEditor({ projectId, proposal }: { projectId: number; proposal?: IntegrationProposalDetail }) {
  const navigate = useNavigate();
  const save = useSaveProposal(projectId, proposal?.id);
  const send = useSendProposal();
  const [form, setForm] = useState<DraftForm>(() => draftForm(proposal, localDate(30)));
  const [sending, setSending] = useState(false);
  const totals = draftTotals(form);
  const { form: formMessage, fields } = formErrors(save.error ?? send.error);
  const busy = save.isPending || send.isPending;

  const set = (patch: Partial<DraftForm>) => setForm((previous) => ({ ...previous, ...patch }));
  const setSection = (key: number, patch: Partial<DraftSection>) =>
    setForm((previous) => ({ ...previous, sections: previous.sections.map((section) => (section.key === key ? { ...section, ...patch } : section)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.reset();
    save.mutate(draftBody(form), {
      onSuccess: (saved) => {
        toast.success('Draft saved', `${formatProposalNumber(saved.number, saved.version)} is saved; no customer sees it until you send it.`);
        if (!proposal) {
          const to: string = proposalUrl(projectId, saved.id);
          void navigate({ to });
        }
      },
    });
  };

  const saveAndSend = () =>
    save.mutate(draftBody(form), {
      onSuccess: (saved) =>
        send.mutate(saved.id, {
          onSuccess: (sent) => toast.success('Proposal sent', `The project's customers can read ${formatProposalNumber(sent.number, sent.version)} now.`),
          onSettled: () => setSending(false),
        }),
      onError: () => setSending(false),
    });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <FormCard title="Details" id="proposal-details">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <TextField
            label="Title"
            value={form.title}
            onChange={(event) => set({ title: event.target.value })}
            error={fields.title}
            autoComplete="off"
            required
          />
          <TextField
            label="Expiry date"
            type="date"
            value={form.expires_on}
            onChange={(event) => set({ expires_on: event.target.value })}
            error={fields.expires_on}
            required
          />
        </div>
        <div className="mt-4">
          <OptionalTextArea label="Intro" value={form.intro} error={fields.intro} onChange={(intro) => set({ intro })} />
        </div>
      </FormCard>

      {fields.sections ? <p className="text-sm text-red-700">{fields.sections}</p> : null}
      {form.sections.map((section, index) => (
        <SectionCard
          key={section.key}
          section={section}
          index={index}
          fields={fields}
          onChange={(patch) => setSection(section.key, patch)}
          onRemove={() => set({ sections: form.sections.filter((candidate) => candidate.key !== section.key) })}
        />
      ))}
      <div>
        <Button variant="ghost" className={SMALL} onClick={() => set({ sections: [...form.sections, blankSection()] })}>
          <Plus aria-hidden="true" className="size-4" />
          Add a section
        </Button>
      </div>

      <FormCard title="Tax, total and terms" id="proposal-totals">
        <TaxAndTotals
          taxRate={form.tax_rate}
          onTaxRateChange={(tax_rate) => set({ tax_rate })}
          taxError={fields.tax_rate}
          rows={[
            { label: 'Total', value: money(totals?.total), strong: true, testId: 'draft-total' },
            { label: 'With every option', value: money(totals?.withOptions), testId: 'draft-total-with-options' },
          ]}
        />
        <div className="mt-4">
          <OptionalTextArea label="Terms" value={form.terms} error={fields.terms} onChange={(terms) => set({ terms })} />
        </div>
      </FormCard>

      <FormError message={formMessage} />
      <div className="flex flex-wrap justify-end gap-3">
        {proposal ? (
          <DeleteDraft projectId={projectId} proposal={proposal} disabled={busy} />
        ) : (
          <Button
            variant="ghost"
            onClick={() => {
              const to: string = proposalsUrl(projectId);
              void navigate({ to });
            }}
          >
            Cancel
          </Button>
        )}
        <Button type="submit" variant={proposal ? 'ghost' : 'primary'} disabled={busy}>
          {proposal ? 'Save the draft' : 'Create the draft'}
        </Button>
        {proposal ? (
          <ConfirmDialog
            open={sending}
            onOpenChange={setSending}
            trigger={
              <Button disabled={busy}>
                <Send aria-hidden="true" className="size-4" />
                Save and send…
              </Button>
            }
            title={`Send ${formatProposalNumber(proposal.number, proposal.version)}?`}
            confirmLabel="Send the proposal"
            pending={busy}
            onConfirm={saveAndSend}
          >
            The draft is saved as it is on screen. The project&apos;s customers can read it in the portal at once and are emailed; they can accept it until its
            expiry date. A sent proposal can no longer be changed, only replaced by a new version.
          </ConfirmDialog>
        ) : null}
      </div>
    </form>
  );
}
