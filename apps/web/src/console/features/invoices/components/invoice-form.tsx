import type { IntegrationInvoiceDetail } from '@portal/contract';
import { moneyForApi } from '@portal/contract/money';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { OptionalTextArea } from '../../../components/labelled-field';
import { LineItemsEditor, money, TaxAndTotals } from '../../../components/line-items-editor';
import { useSaveInvoice } from '../api/save-invoice';
import { draftTotals, type DraftLine } from '../../../lib/draft-totals';
import { invoicesUrl, invoiceUrl } from './links';
import { localDate } from '../../../../lib/format';

interface FormLine extends DraftLine {
  /** A key of the row on screen, so that removing a line keeps what was typed in the others. */
  key: number;
}

let nextKey = 0;
const blankLine = (): FormLine => ({ key: ++nextKey, description: '', quantity: '1', unit_price: '' });

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
  const totals = draftTotals(lines, taxRate);
  const { form, fields } = formErrors(save.error);

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
        <LineItemsEditor
          lines={lines}
          onChange={setLines}
          blank={blankLine}
          name={(index) => `Line ${index + 1}`}
          error={(index, field) => fields[`lines.${index}.${field}`]}
          amounts={totals.amounts}
          minLines={1}
          addLabel="Add a line"
        />
        <div className="mt-6 border-t border-slate-200 pt-4">
          <TaxAndTotals
            taxRate={taxRate}
            onTaxRateChange={setTaxRate}
            taxError={fields.tax_rate}
            rows={[
              { label: 'Subtotal', value: money(totals.subtotal) },
              { label: 'Tax', value: money(totals.tax) },
              { label: 'Total', value: money(totals.total), strong: true, testId: 'draft-total' },
            ]}
          >
            {fields.total ? <p className="text-sm text-red-700">{fields.total}</p> : null}
          </TaxAndTotals>
        </div>
      </section>

      <section aria-labelledby="invoice-text" className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6">
        <h2 id="invoice-text" className="sr-only">
          Notes and terms
        </h2>
        <OptionalTextArea label="Notes" value={notes} error={fields.notes} onChange={setNotes} />
        <OptionalTextArea label="Terms" value={terms} error={fields.terms} onChange={setTerms} />
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
