import type { IntegrationAccountInput, IntegrationProject, IntegrationProjectInput } from '@portal/contract';
import { moneyForApi } from '@portal/contract/money';
import { useId, useState, type FormEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { formErrors } from '../../../lib/form-errors';
import { useAccounts, useActiveStaff, useSiteTypes, useStatuses } from '../api/get-choices';

const PROJECT_FIELDS = [
  'name',
  'number',
  'address_street',
  'address_city',
  'address_state',
  'address_zip',
  'financials_total_amount',
  'financials_balance_amount',
] as const;
const ACCOUNT_FIELDS = ['name', 'first_name', 'last_name', 'email', 'phone_cell', 'phone_work'] as const;
type ProjectField = (typeof PROJECT_FIELDS)[number];
type AccountField = (typeof ACCOUNT_FIELDS)[number];

export interface ProjectFormValues {
  fields: Record<ProjectField, string>;
  status_id: string;
  site_type_id: string;
  rep_primary_id: string;
  /** `existing`: `account_id` names one ('' for none); `new`: `account` is made with the project. */
  accountMode: 'existing' | 'new';
  account_id: string;
  account: Record<AccountField, string>;
}

const blankAccount = (): Record<AccountField, string> => Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, ''])) as Record<AccountField, string>;

/** The form's values for a project (or a new one). */
export function formValues(project?: IntegrationProject): ProjectFormValues {
  const id = (value: number | null | undefined) => (value == null ? '' : String(value));
  return {
    fields: Object.fromEntries(PROJECT_FIELDS.map((field) => [field, project?.[field] ?? ''])) as Record<ProjectField, string>,
    status_id: id(project?.status_id),
    site_type_id: id(project?.site_type_id),
    rep_primary_id: id(project?.rep_primary_id),
    accountMode: 'existing',
    account_id: id(project?.account_id),
    account: blankAccount(),
  };
}

/**
 * The request body for the form's values: an empty field clears it (null); a new account goes in the same request
 * as `account`, so a refused project leaves no account behind (docs/decisions/053-staff-projects.md).
 */
export function projectBody(values: ProjectFormValues): IntegrationProjectInput {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const id = (value: string) => (value === '' ? null : Number(value));
  // Money as the office types it ("$48,250"): the API's form where that is unambiguous (packages/contract/src/money.ts).
  const money = new Set<ProjectField>(['financials_total_amount', 'financials_balance_amount']);
  const body: IntegrationProjectInput = {
    ...Object.fromEntries(
      PROJECT_FIELDS.map((field) => {
        const value = text(values.fields[field]);
        return [field, value !== null && money.has(field) ? moneyForApi(value) : value];
      }),
    ),
    status_id: id(values.status_id),
    site_type_id: id(values.site_type_id),
    rep_primary_id: id(values.rep_primary_id),
  };
  if (values.accountMode === 'new') {
    const account = Object.fromEntries(ACCOUNT_FIELDS.filter((field) => field !== 'name').map((field) => [field, text(values.account[field])]));
    body.account = { ...account, name: values.account.name.trim() } as IntegrationAccountInput;
  } else {
    body.account_id = id(values.account_id);
  }
  return body;
}

function SelectField({
  label,
  error,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
        className={`w-full min-w-0 rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <legend className="float-left mb-1 text-lg font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

const grid = 'grid gap-4 sm:grid-cols-2 [&>*]:min-w-0';

/**
 * A project's fields and its account, for a new project and for the overview's edit. The server judges every field;
 * its messages show beside the fields (a new account's under `account.*`).
 */
export function ProjectForm({
  initial,
  currentAccount,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: ProjectFormValues;
  /** The project's account now, so the picker offers it whatever the search shows. */
  currentAccount?: { id: number; name: string } | null | undefined;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: ProjectFormValues) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [accountSearch, setAccountSearch] = useState('');
  const statuses = useStatuses();
  const siteTypes = useSiteTypes();
  const staff = useActiveStaff();
  const accounts = useAccounts(accountSearch);
  const { form, fields: errors } = formErrors(error);

  const setField = (field: ProjectField, value: string) => setValues((previous) => ({ ...previous, fields: { ...previous.fields, [field]: value } }));
  const setAccountField = (field: AccountField, value: string) => setValues((previous) => ({ ...previous, account: { ...previous.account, [field]: value } }));
  const text = (field: ProjectField, label: string, props: { autoComplete?: string; inputMode?: 'decimal'; hint?: string; required?: boolean } = {}) => (
    <TextField
      label={label}
      name={field}
      value={values.fields[field]}
      onChange={(event) => setField(field, event.target.value)}
      error={errors[field]}
      {...props}
    />
  );
  const accountText = (field: AccountField, label: string, props: { type?: string; autoComplete?: string; required?: boolean } = {}) => (
    <TextField
      label={label}
      value={values.account[field]}
      onChange={(event) => setAccountField(field, event.target.value)}
      error={errors[`account.${field}`]}
      autoComplete="off"
      {...props}
    />
  );

  const accountOptions: { id: number; name: string; email?: string | null }[] = [...(accounts.data?.data ?? [])];
  if (currentAccount && !accountOptions.some((account) => account.id === currentAccount.id)) accountOptions.unshift(currentAccount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <FormError message={form} />
      <Fieldset legend="Project">
        <div className={grid}>
          {text('name', 'Name', { required: true })}
          {text('number', 'Number', { hint: 'Your own reference, e.g. ACM-1042' })}
        </div>
        <div className={grid}>
          <SelectField
            label="Status"
            value={values.status_id}
            onChange={(event) => setValues({ ...values, status_id: event.target.value })}
            error={errors.status_id}
          >
            <option value="">No status</option>
            {statuses.data?.map((status) => (
              <option key={status.id} value={status.id}>
                {status.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Site type"
            value={values.site_type_id}
            onChange={(event) => setValues({ ...values, site_type_id: event.target.value })}
            error={errors.site_type_id}
          >
            <option value="">No site type</option>
            {siteTypes.data?.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Primary rep"
            value={values.rep_primary_id}
            onChange={(event) => setValues({ ...values, rep_primary_id: event.target.value })}
            error={errors.rep_primary_id}
          >
            <option value="">No rep</option>
            {staff.data?.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
                {member.title ? ` (${member.title})` : ''}
              </option>
            ))}
          </SelectField>
        </div>
        <div className={grid}>
          {text('financials_total_amount', 'Total amount', { inputMode: 'decimal', hint: 'In dollars, e.g. 48250.00' })}
          {text('financials_balance_amount', 'Balance', { inputMode: 'decimal', hint: 'What the customer still owes' })}
        </div>
      </Fieldset>

      <Fieldset legend="Site address">
        {text('address_street', 'Street', { autoComplete: 'off' })}
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
          {text('address_city', 'City', { autoComplete: 'off' })}
          {text('address_state', 'State', { autoComplete: 'off' })}
          {text('address_zip', 'ZIP', { autoComplete: 'off' })}
        </div>
      </Fieldset>

      <Fieldset legend="Account">
        <div role="radiogroup" aria-label="Account" className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['existing', 'An existing account'],
              ['new', 'A new account'],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="flex items-center gap-2 text-slate-800">
              <input
                type="radio"
                name="account-mode"
                value={mode}
                checked={values.accountMode === mode}
                onChange={() => setValues({ ...values, accountMode: mode })}
                className="size-4"
              />
              {label}
            </label>
          ))}
        </div>
        {values.accountMode === 'existing' ? (
          <div className={grid}>
            <TextField
              label="Find an account"
              type="search"
              value={accountSearch}
              onChange={(event) => setAccountSearch(event.target.value)}
              hint="By name or email"
              autoComplete="off"
            />
            <SelectField
              label="Account"
              value={values.account_id}
              onChange={(event) => setValues({ ...values, account_id: event.target.value })}
              error={errors.account_id ?? errors.account}
            >
              <option value="">No account</option>
              {accountOptions.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                  {account.email ? ` · ${account.email}` : ''}
                </option>
              ))}
            </SelectField>
          </div>
        ) : (
          <>
            {accountText('name', 'Account name', { required: true })}
            <div className={grid}>
              {accountText('first_name', 'Contact first name')}
              {accountText('last_name', 'Contact last name')}
              {accountText('email', 'Contact email', { type: 'email' })}
              {accountText('phone_cell', 'Mobile phone', { type: 'tel' })}
              {accountText('phone_work', 'Work phone', { type: 'tel' })}
            </div>
          </>
        )}
      </Fieldset>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
