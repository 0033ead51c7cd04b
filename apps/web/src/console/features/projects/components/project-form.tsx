import type { IntegrationAccountInput, IntegrationProject, IntegrationProjectInput } from '@portal/contract';
import { moneyForApi } from '@portal/contract/money';
import { useId, useState, type FormEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import { fieldAria, LabelledField } from '../../../components/labelled-field';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
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
    <LabelledField id={id} label={label} error={error}>
      <select
        id={id}
        {...fieldAria(id, error)}
        {...props}
        className={`w-full min-w-0 rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        {children}
      </select>
    </LabelledField>
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

/** The form's values and their setters, with the server's messages by field: what each fieldset works with. */
function useProjectFormState(initial: ProjectFormValues, error: unknown) {
  const [values, setValues] = useState(initial);
  const { form, fields: errors } = formErrors(error);
  const set = (changes: Partial<ProjectFormValues>) => setValues((previous) => ({ ...previous, ...changes }));
  const setField = (field: ProjectField, value: string) => setValues((previous) => ({ ...previous, fields: { ...previous.fields, [field]: value } }));
  const setAccountField = (field: AccountField, value: string) => setValues((previous) => ({ ...previous, account: { ...previous.account, [field]: value } }));
  return { values, set, setField, setAccountField, errors, formError: form };
}
type FormState = ReturnType<typeof useProjectFormState>;

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
  const state = useProjectFormState(initial, error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(state.values);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <FormError message={state.formError} />
      <ProjectFieldset state={state} />
      <Fieldset legend="Site address">
        <ProjectText state={state} field="address_street" label="Street" autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
          <ProjectText state={state} field="address_city" label="City" autoComplete="off" />
          <ProjectText state={state} field="address_state" label="State" autoComplete="off" />
          <ProjectText state={state} field="address_zip" label="ZIP" autoComplete="off" />
        </div>
      </Fieldset>
      <AccountFieldset state={state} currentAccount={currentAccount} />
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

function ProjectText({
  state,
  field,
  ...props
}: {
  state: FormState;
  field: ProjectField;
  label: string;
  autoComplete?: string;
  inputMode?: 'decimal';
  hint?: string;
  required?: boolean;
}) {
  return (
    <TextField
      name={field}
      value={state.values.fields[field]}
      onChange={(event) => state.setField(field, event.target.value)}
      error={state.errors[field]}
      {...props}
    />
  );
}

/** A choice of one of the company's own lists by id, or none. */
function IdSelect({
  label,
  none,
  choices,
  value,
  onChange,
  error,
}: {
  label: string;
  none: string;
  choices: { id: number; label: string }[] | undefined;
  value: string;
  onChange: (id: string) => void;
  error: string | undefined;
}) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value)} error={error}>
      <option value="">{none}</option>
      {choices?.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  );
}

function ProjectFieldset({ state }: { state: FormState }) {
  const statuses = useStatuses();
  const siteTypes = useSiteTypes();
  const staff = useActiveStaff();
  const { values, set, errors } = state;
  const named = (rows: { id: number; name: string }[] | undefined) => rows?.map((row) => ({ id: row.id, label: row.name }));
  return (
    <Fieldset legend="Project">
      <div className={grid}>
        <ProjectText state={state} field="name" label="Name" required />
        <ProjectText state={state} field="number" label="Number" hint="Your own reference, e.g. ACM-1042" />
      </div>
      <div className={grid}>
        <IdSelect
          label="Status"
          none="No status"
          choices={named(statuses.data)}
          value={values.status_id}
          onChange={(id) => set({ status_id: id })}
          error={errors.status_id}
        />
        <IdSelect
          label="Site type"
          none="No site type"
          choices={named(siteTypes.data)}
          value={values.site_type_id}
          onChange={(id) => set({ site_type_id: id })}
          error={errors.site_type_id}
        />
        <IdSelect
          label="Primary rep"
          none="No rep"
          choices={staff.data?.map((member) => ({ id: member.id, label: `${member.name}${member.title ? ` (${member.title})` : ''}` }))}
          value={values.rep_primary_id}
          onChange={(id) => set({ rep_primary_id: id })}
          error={errors.rep_primary_id}
        />
      </div>
      <div className={grid}>
        <ProjectText state={state} field="financials_total_amount" label="Total amount" inputMode="decimal" hint="In dollars, e.g. 48250.00" />
        <ProjectText state={state} field="financials_balance_amount" label="Balance" inputMode="decimal" hint="What the customer still owes" />
      </div>
    </Fieldset>
  );
}

const ACCOUNT_MODES = [
  ['existing', 'An existing account'],
  ['new', 'A new account'],
] as const;

/** The project's account: one found by a search, or a new one made with the project. */
function AccountFieldset({ state, currentAccount }: { state: FormState; currentAccount: { id: number; name: string } | null | undefined }) {
  const { values, set } = state;
  // The search stays as typed while a new account is being tried instead.
  const [search, setSearch] = useState('');
  return (
    <Fieldset legend="Account">
      <div role="radiogroup" aria-label="Account" className="flex flex-wrap gap-x-6 gap-y-2">
        {ACCOUNT_MODES.map(([mode, label]) => (
          <label key={mode} className="flex items-center gap-2 text-slate-800">
            <input
              type="radio"
              name="account-mode"
              value={mode}
              checked={values.accountMode === mode}
              onChange={() => set({ accountMode: mode })}
              className="size-4"
            />
            {label}
          </label>
        ))}
      </div>
      {values.accountMode === 'existing' ? (
        <ExistingAccount state={state} currentAccount={currentAccount} search={search} onSearch={setSearch} />
      ) : (
        <NewAccount state={state} />
      )}
    </Fieldset>
  );
}

function ExistingAccount({
  state,
  currentAccount,
  search,
  onSearch,
}: {
  state: FormState;
  currentAccount: { id: number; name: string } | null | undefined;
  search: string;
  onSearch: (search: string) => void;
}) {
  const accounts = useAccounts(search);
  const options: { id: number; name: string; email?: string | null }[] = [...(accounts.data?.data ?? [])];
  if (currentAccount && !options.some((account) => account.id === currentAccount.id)) options.unshift(currentAccount);
  return (
    <div className={grid}>
      <TextField
        label="Find an account"
        type="search"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        hint="By name or email"
        autoComplete="off"
      />
      <IdSelect
        label="Account"
        none="No account"
        choices={options.map((account) => ({ id: account.id, label: `${account.name}${account.email ? ` · ${account.email}` : ''}` }))}
        value={state.values.account_id}
        onChange={(id) => state.set({ account_id: id })}
        error={state.errors.account_id ?? state.errors.account}
      />
    </div>
  );
}

function NewAccount({ state }: { state: FormState }) {
  const text = (field: AccountField, label: string, props: { type?: string; required?: boolean } = {}) => (
    <TextField
      label={label}
      value={state.values.account[field]}
      onChange={(event) => state.setAccountField(field, event.target.value)}
      error={state.errors[`account.${field}`]}
      autoComplete="off"
      {...props}
    />
  );
  return (
    <>
      {text('name', 'Account name', { required: true })}
      <div className={grid}>
        {text('first_name', 'Contact first name')}
        {text('last_name', 'Contact last name')}
        {text('email', 'Contact email', { type: 'email' })}
        {text('phone_cell', 'Mobile phone', { type: 'tel' })}
        {text('phone_work', 'Work phone', { type: 'tel' })}
      </div>
    </>
  );
}
