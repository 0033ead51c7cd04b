import type { IntegrationInvoiceDetail } from '@portal/contract';
import { formatUsd, moneyForApi } from '@portal/contract/money';
import { useNavigate } from '@tanstack/react-router';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { formErrors } from '../../../lib/form-errors';
import { useSaveInvoice } from '../api/save-invoice';
import { draftTotals, type DraftLine } from './draft-totals';
import { localDate } from './format';
import { invoicesUrl, invoiceUrl } from './links';

interface FormLine extends DraftLine {
  /** A key of the row on screen, so that removing a line keeps what was typed in the others. */
  key: number;
}

let nextKey = 0;
const blankLine = (): FormLine => ({ key: ++nextKey, description: '', quantity: '1', unit_price: '' });

const money = (cents: number | null) => (cents === null ? '—' : formatUsd(cents));

const INPUT = 'w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-xs outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30';

function LineField({
  line,
  label,
  value,
  error,
  onChange,
  className = '',
  inputMode,
}: {
  line: number;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  className?: string;
  inputMode?: 'decimal';
}) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        <span className="sr-only">Line {line} </span>
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

/**
 * A draft invoice's form, new or changed: number, dates, lines (description, quantity, unit price; added and removed
 * freely), tax rate, notes and terms. The totals follow as the office types, computed as the server computes them; the
 * server's refusals show beside their fields, and nothing is saved unless all of it is.
 */
export function InvoiceForm({ projectId, invoice }: { projectId: number; invoice?: IntegrationInvoiceDetail }) {
  const navigate = useNavigate();
  const save = useSaveInvoice(projectId, invoice?.id);
  const [number, setNumber] = useState(invoice?.number ?? '');
  const [issueDate, setIssueDate] = useState(invoice?.issue_date ?? localDate());
  const [dueDate, setDueDate] = useState(invoice?.due_date ?? localDate(30));
  const [taxRate, setTaxRate] = useState(invoice?.tax_rate ?? '0');
  const [notes, setNotes] = useState(invoice?.notes ?? '');
  const [terms, setTerms] = useState(invoice?.terms ?? '');
  const [lines, setLines] = useState<FormLine[]>(() =>
    invoice && invoice.lines.length > 0
      ? invoice.lines.map((line) => ({ key: ++nextKey, description: line.description, quantity: line.quantity, unit_price: line.unit_price }))
      : [blankLine()],
  );
  const linesRef = useRef<HTMLOListElement>(null);
  const notesId = useId();
  const termsId = useId();
  const totals = draftTotals(lines, taxRate);
  const { form, fields } = formErrors(save.error);

  const change = (key: number, patch: Partial<DraftLine>) => setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const addLine = () => {
    setLines((all) => [...all, blankLine()]);
    // The new line's description, once it is on screen.
    requestAnimationFrame(() => linesRef.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus());
  };
  const removeLine = (key: number) => setLines((all) => all.filter((line) => line.key !== key));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        number,
        issue_date: issueDate,
        due_date: dueDate,
        tax_rate: taxRate.trim() === '' ? '0' : taxRate,
        notes: notes.trim() === '' ? null : notes,
        terms: terms.trim() === '' ? null : terms,
        lines: lines.map(({ description, quantity, unit_price }) => ({ description, quantity, unit_price: moneyForApi(unit_price) })),
      },
      {
        onSuccess: (saved) => {
          const to: string = invoiceUrl(projectId, saved.id);
          void navigate({ to });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <FormError message={form} />
      <section aria-labelledby="invoice-details" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="invoice-details" className="mb-4 text-lg font-semibold text-slate-900">
          Details
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Number" value={number} onChange={(event) => setNumber(event.target.value)} error={fields.number} autoComplete="off" required />
          <TextField
            label="Issue date"
            type="date"
            value={issueDate}
            onChange={(event) => setIssueDate(event.target.value)}
            error={fields.issue_date}
            required
          />
          <TextField label="Due date" type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} error={fields.due_date} required />
        </div>
      </section>

      <section aria-labelledby="invoice-lines" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="invoice-lines" className="mb-4 text-lg font-semibold text-slate-900">
          Lines
        </h2>
        {fields.lines ? <p className="mb-3 text-sm text-red-700">{fields.lines}</p> : null}
        <ol ref={linesRef} className="flex flex-col gap-4">
          {lines.map((line, index) => (
            <li
              key={line.key}
              className="grid grid-cols-2 items-start gap-3 border-b border-slate-100 pb-4 last:border-b-0 sm:grid-cols-[minmax(0,1fr)_6rem_8rem_8rem_auto]"
            >
              <LineField
                className="col-span-2 sm:col-span-1"
                line={index + 1}
                label="Description"
                value={line.description}
                error={fields[`lines.${index}.description`]}
                onChange={(description) => change(line.key, { description })}
              />
              <LineField
                line={index + 1}
                label="Quantity"
                value={line.quantity}
                inputMode="decimal"
                error={fields[`lines.${index}.quantity`]}
                onChange={(quantity) => change(line.key, { quantity })}
              />
              <LineField
                line={index + 1}
                label="Unit price"
                value={line.unit_price}
                inputMode="decimal"
                error={fields[`lines.${index}.unit_price`]}
                onChange={(unit_price) => change(line.key, { unit_price })}
              />
              <div className="flex flex-col gap-1">
                <span aria-hidden="true" className="text-sm font-medium text-slate-800">
                  Amount
                </span>
                <output aria-label={`Line ${index + 1} amount`} className="py-2 text-right text-base tabular-nums text-slate-900">
                  {money(totals.amounts[index] ?? null)}
                </output>
                {fields[`lines.${index}.amount`] ? <p className="text-sm text-red-700">{fields[`lines.${index}.amount`]}</p> : null}
              </div>
              <div className="flex items-end justify-end self-stretch">
                <Button
                  variant="ghost"
                  className="px-3 py-2 text-sm"
                  aria-label={`Remove line ${index + 1}`}
                  disabled={lines.length === 1}
                  onClick={() => removeLine(line.key)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <span className="sm:sr-only">Remove</span>
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <Button variant="ghost" className="mt-4 px-4 py-2 text-sm" onClick={addLine}>
          <Plus aria-hidden="true" className="size-4" />
          Add a line
        </Button>

        <div className="mt-6 flex flex-col items-end gap-3 border-t border-slate-200 pt-4">
          <div className="w-full max-w-xs">
            <TextField
              label="Tax rate (%)"
              inputMode="decimal"
              value={taxRate}
              onChange={(event) => setTaxRate(event.target.value)}
              error={fields.tax_rate}
              className="text-right tabular-nums"
            />
          </div>
          <dl aria-live="polite" className="grid w-full max-w-xs grid-cols-2 gap-y-1 text-slate-800">
            <dt>Subtotal</dt>
            <dd className="text-right tabular-nums">{money(totals.subtotal)}</dd>
            <dt>Tax</dt>
            <dd className="text-right tabular-nums">{money(totals.tax)}</dd>
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="text-right text-lg font-semibold tabular-nums text-slate-900" data-testid="draft-total">
              {money(totals.total)}
            </dd>
          </dl>
          {fields.total ? <p className="text-sm text-red-700">{fields.total}</p> : null}
        </div>
      </section>

      <section aria-labelledby="invoice-text" className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6">
        <h2 id="invoice-text" className="sr-only">
          Notes and terms
        </h2>
        {(
          [
            [notesId, 'Notes', notes, setNotes, fields.notes],
            [termsId, 'Terms', terms, setTerms, fields.terms],
          ] as const
        ).map(([id, label, value, set, error]) => (
          <div key={id} className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium text-slate-800">
              {label} <span className="font-normal text-slate-600">(optional)</span>
            </label>
            <textarea
              id={id}
              rows={3}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => set(event.target.value)}
              className={`${INPUT} ${error ? 'border-red-600' : 'border-slate-300'}`}
            />
            {error ? (
              <p id={`${id}-error`} className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        ))}
      </section>

      <div className="flex flex-wrap justify-end gap-3">
        <Button
          variant="ghost"
          onClick={() => {
            const to: string = invoice ? invoiceUrl(projectId, invoice.id) : invoicesUrl(projectId);
            void navigate({ to });
          }}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {invoice ? 'Save the draft' : 'Create the draft'}
        </Button>
      </div>
    </form>
  );
}
