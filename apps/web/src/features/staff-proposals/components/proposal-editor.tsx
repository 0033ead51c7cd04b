import type { IntegrationProposalDetail } from '@portal/contract';
import { formatUsd } from '@portal/contract/money';
import { formatProposalNumber } from '@portal/contract/proposal-constants';
import { useNavigate } from '@tanstack/react-router';
import { Plus, Send, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { formErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useDeleteProposal } from '../api/delete-proposal';
import { useSaveProposal } from '../api/save-proposal';
import { useSendProposal } from '../api/send-proposal';
import { blankItem, blankSection, draftBody, draftForm, draftTotals, type DraftForm, type DraftItem, type DraftSection } from '../draft-form';
import { ConfirmDialog } from '../../../components/staff/confirm-dialog';
import { proposalsUrl, proposalUrl } from './links';

const INPUT = 'w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-xs outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30';
const SMALL = 'px-4 py-2 text-sm';

/** The browser's own calendar date `days` from today: what the office means by a date in a date field. */
function localDate(days: number): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

function Field({
  label,
  hiddenPrefix,
  value,
  error,
  onChange,
  className = '',
  inputMode,
}: {
  label: string;
  /** Read before the label by a screen reader, so that each row's field has a name of its own ("Section 1 item 2 Quantity"). */
  hiddenPrefix: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  className?: string;
  inputMode?: 'decimal';
}) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        <span className="sr-only">{hiddenPrefix} </span>
        {label}
      </label>
      <input
        id={id}
        value={value}
        inputMode={inputMode}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} ${inputMode ? 'text-right tabular-nums' : ''} ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TextArea({ label, value, error, onChange }: { label: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label} <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Card({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
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
  const remove = useDeleteProposal(proposal?.id ?? 0);
  const [form, setForm] = useState<DraftForm>(() => draftForm(proposal, localDate(30)));
  const [asking, setAsking] = useState<'send' | 'delete' | null>(null);
  const totals = draftTotals(form);
  const { form: formMessage, fields } = formErrors(save.error ?? send.error ?? remove.error);
  const busy = save.isPending || send.isPending || remove.isPending;

  const set = (patch: Partial<DraftForm>) => setForm((previous) => ({ ...previous, ...patch }));
  const setSection = (key: number, patch: Partial<DraftSection>) =>
    setForm((previous) => ({ ...previous, sections: previous.sections.map((section) => (section.key === key ? { ...section, ...patch } : section)) }));
  const setItem = (sectionKey: number, itemKey: number, patch: Partial<DraftItem>) =>
    setForm((previous) => ({
      ...previous,
      sections: previous.sections.map((section) =>
        section.key === sectionKey ? { ...section, items: section.items.map((item) => (item.key === itemKey ? { ...item, ...patch } : item)) } : section,
      ),
    }));

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
          onSettled: () => setAsking(null),
        }),
      onError: () => setAsking(null),
    });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <Card title="Details" id="proposal-details">
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
          <TextArea label="Intro" value={form.intro} error={fields.intro} onChange={(intro) => set({ intro })} />
        </div>
      </Card>

      {fields.sections ? <p className="text-sm text-red-700">{fields.sections}</p> : null}
      {form.sections.map((section, sectionIndex) => {
        const sectionLabel = `Section ${sectionIndex + 1}`;
        return (
          <Card
            key={section.key}
            id={`proposal-section-${section.key}`}
            title={section.title.trim() || sectionLabel}
            action={
              <Button
                variant="ghost"
                className={`${SMALL} text-red-800`}
                aria-label={`Remove section ${sectionIndex + 1}`}
                onClick={() => set({ sections: form.sections.filter((candidate) => candidate.key !== section.key) })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Remove section
              </Button>
            }
          >
            <Field
              label="Section title"
              hiddenPrefix={sectionLabel}
              value={section.title}
              error={fields[`sections.${sectionIndex}.title`]}
              onChange={(title) => setSection(section.key, { title })}
            />
            {fields[`sections.${sectionIndex}.items`] ? <p className="mt-2 text-sm text-red-700">{fields[`sections.${sectionIndex}.items`]}</p> : null}
            <ol className="mt-4 flex flex-col gap-4">
              {section.items.map((item, itemIndex) => {
                const prefix = `${sectionLabel} item ${itemIndex + 1}`;
                const error = (field: string) => fields[`sections.${sectionIndex}.items.${itemIndex}.${field}`];
                return (
                  <li
                    key={item.key}
                    className="grid grid-cols-2 items-start gap-3 border-t border-slate-100 pt-4 sm:grid-cols-[minmax(0,1fr)_6rem_9rem_auto_auto]"
                  >
                    <Field
                      className="col-span-2 sm:col-span-1"
                      label="Description"
                      hiddenPrefix={prefix}
                      value={item.description}
                      error={error('description')}
                      onChange={(description) => setItem(section.key, item.key, { description })}
                    />
                    <Field
                      label="Quantity"
                      hiddenPrefix={prefix}
                      value={item.quantity}
                      inputMode="decimal"
                      error={error('quantity')}
                      onChange={(quantity) => setItem(section.key, item.key, { quantity })}
                    />
                    <Field
                      label="Unit price ($)"
                      hiddenPrefix={prefix}
                      value={item.unit_price}
                      inputMode="decimal"
                      error={error('unit_price')}
                      onChange={(unit_price) => setItem(section.key, item.key, { unit_price })}
                    />
                    <label className="flex items-center gap-2 self-end py-2 text-sm font-medium text-slate-800">
                      <input
                        type="checkbox"
                        checked={item.optional}
                        onChange={(event) => setItem(section.key, item.key, { optional: event.target.checked })}
                        className="size-5 accent-slate-900"
                      />
                      <span>
                        <span className="sr-only">{prefix} </span>Optional
                      </span>
                    </label>
                    <div className="flex justify-end self-end">
                      <Button
                        variant="ghost"
                        className="px-3 py-2 text-sm"
                        aria-label={`Remove ${prefix.toLowerCase()}`}
                        onClick={() => setSection(section.key, { items: section.items.filter((candidate) => candidate.key !== item.key) })}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        <span className="sm:sr-only">Remove</span>
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ol>
            <Button variant="ghost" className={`mt-4 ${SMALL}`} onClick={() => setSection(section.key, { items: [...section.items, blankItem()] })}>
              <Plus aria-hidden="true" className="size-4" />
              Add an item<span className="sr-only"> to section {sectionIndex + 1}</span>
            </Button>
          </Card>
        );
      })}
      <div>
        <Button variant="ghost" className={SMALL} onClick={() => set({ sections: [...form.sections, blankSection()] })}>
          <Plus aria-hidden="true" className="size-4" />
          Add a section
        </Button>
      </div>

      <Card title="Tax, total and terms" id="proposal-totals">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="w-full max-w-[12rem]">
            <TextField
              label="Tax rate (%)"
              inputMode="decimal"
              value={form.tax_rate}
              onChange={(event) => set({ tax_rate: event.target.value })}
              error={fields.tax_rate}
              className="text-right tabular-nums"
            />
          </div>
          <dl aria-live="polite" className="grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-slate-800">
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="text-right text-lg font-semibold tabular-nums text-slate-900" data-testid="draft-total">
              {totals ? formatUsd(totals.total) : '—'}
            </dd>
            <dt>With every option</dt>
            <dd className="text-right tabular-nums" data-testid="draft-total-with-options">
              {totals ? formatUsd(totals.withOptions) : '—'}
            </dd>
          </dl>
        </div>
        <div className="mt-4">
          <TextArea label="Terms" value={form.terms} error={fields.terms} onChange={(terms) => set({ terms })} />
        </div>
      </Card>

      <FormError message={formMessage} />
      <div className="flex flex-wrap justify-end gap-3">
        {proposal ? (
          <ConfirmDialog
            open={asking === 'delete'}
            onOpenChange={(open) => setAsking(open ? 'delete' : null)}
            danger
            trigger={
              <Button variant="ghost" className="text-red-800" disabled={busy}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete draft
              </Button>
            }
            title={`Delete draft ${formatProposalNumber(proposal.number, proposal.version)}?`}
            confirmLabel="Delete the draft"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  toast.success('Draft deleted', `${formatProposalNumber(proposal.number, proposal.version)} is gone.`);
                  const to: string = proposalsUrl(projectId);
                  void navigate({ to });
                },
                onSettled: () => setAsking(null),
              })
            }
          >
            No customer has seen it. The draft and its items go for good.
          </ConfirmDialog>
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
            open={asking === 'send'}
            onOpenChange={(open) => setAsking(open ? 'send' : null)}
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
