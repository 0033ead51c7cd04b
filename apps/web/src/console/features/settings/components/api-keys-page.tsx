import type { ApiKey, ApiKeyCreate, Scope } from '@portal/contract';
import { SCOPE_AREAS, type ScopeArea } from '@portal/contract/company-side';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useApiKeys } from '../api/api-keys';
import { useCreateApiKey } from '../api/create-api-key';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ConfirmButton } from './confirm-button';
import { formatMoment } from './moment';
import { CreateWithSecret } from './secret-once';
import { SettingsForm, SettingsList } from './settings-page';

export const AREA_LABELS: Record<ScopeArea, string> = {
  company: 'Company and branding',
  staff: 'Staff',
  projects: 'Accounts and projects',
  portal_users: 'Customers',
  sharing: 'Sharing',
  notes: 'Notes',
  photos: 'Photos',
  documents: 'Documents',
  calendar: 'Calendar',
  invoices: 'Invoices',
  messages: 'Contact messages',
  proposals: 'Proposals',
  change_orders: 'Change orders',
  selections: 'Selections and allowances',
  webhooks: 'Webhooks',
  api_keys: 'API keys',
};

/** The key as the server prints its start (`ppk_<id>_…`): enough to tell keys apart, nothing of the secret. */
export const keyPrefix = (key: Pick<ApiKey, 'id'>) => `ppk_${key.id}_…`;

/** An end-of-day expiry from a date field, in the browser's time zone, as the instant the API takes. */
export function expiryFromDate(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return new Date(`${day}T23:59:59`).toISOString();
}

/** API keys (docs/staff-console.md): list, create with scopes by area (the secret shown once), revoke. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  return (
    <div className="flex flex-col gap-6">
      <CreateWithSecret<{ name: string; key: string }>
        title="API keys"
        openLabel="Create a key"
        intro="Keys let your CRM or scripts use the company API. Give each job its own key with only the scopes it needs."
        secretTitle={(created) => `Your new key "${created.name}"`}
        secretOf={(created) => created.key}
        form={(handlers) => <CreateKeyForm {...handlers} />}
      />
      <SettingsList
        query={keys}
        label="API keys"
        empty={
          <EmptyState icon={KeyRound} title="No API keys">
            Create a key when a system of yours needs to reach the portal.
          </EmptyState>
        }
      >
        {(key) => <KeyRow key={key.id} apiKey={key} now={keys.dataUpdatedAt} />}
      </SettingsList>
    </div>
  );
}

function CreateKeyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (key: { name: string; key: string }) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<Scope>>(new Set());
  const [expiry, setExpiry] = useState('');
  const errors = formErrors(create.error);
  const scopeError = errors.fields.scopes ?? Object.entries(errors.fields).find(([field]) => field.startsWith('scopes.'))?.[1];
  const toggle = (scope: Scope, on: boolean) => {
    const next = new Set(scopes);
    if (on) next.add(scope);
    else next.delete(scope);
    setScopes(next);
  };
  const all = SCOPE_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`] as Scope[]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ApiKeyCreate = { name, scopes: all.filter((scope) => scopes.has(scope)) };
    const expiresAt = expiryFromDate(expiry);
    if (expiresAt) body.expires_at = expiresAt;
    create.mutate(body, { onSuccess: (key) => onCreated({ name: key.name, key: key.key }) });
  };

  return (
    <SettingsForm
      title="Create a key"
      onSubmit={submit}
      error={errors.form}
      pending={create.isPending}
      submitLabel="Create the key"
      pendingLabel="Creating…"
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.fields.name}
          hint="What it is for, e.g. CRM sync"
          required
          autoComplete="off"
        />
        <TextField
          label="Expires on"
          type="date"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          error={errors.fields.expires_at}
          hint="Optional: it stops working at the end of that day."
        />
      </div>
      <fieldset aria-describedby={scopeError ? 'scopes-error' : undefined} className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Scopes</legend>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" className="px-3 py-1 text-sm" onClick={() => setScopes(new Set(all.filter((scope) => scope.endsWith(':read'))))}>
            Read everything
          </Button>
          <Button variant="ghost" className="px-3 py-1 text-sm" onClick={() => setScopes(new Set(all))}>
            Everything
          </Button>
          <Button variant="ghost" className="px-3 py-1 text-sm" onClick={() => setScopes(new Set())}>
            None
          </Button>
        </div>
        <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {SCOPE_AREAS.map((area) => (
            <li key={area} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-slate-100 py-1.5">
              <span className="text-slate-900">{AREA_LABELS[area]}</span>
              <span className="flex gap-4">
                {(['read', 'write'] as const).map((access) => {
                  const scope = `${area}:${access}` as Scope;
                  return (
                    <label key={scope} className="flex items-center gap-1.5 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={scopes.has(scope)}
                        onChange={(event) => toggle(scope, event.target.checked)}
                        aria-label={`${AREA_LABELS[area]}: ${access}`}
                      />
                      {access === 'read' ? 'Read' : 'Write'}
                    </label>
                  );
                })}
              </span>
            </li>
          ))}
        </ul>
        {scopeError ? (
          <p id="scopes-error" className="text-sm text-red-700">
            {scopeError}
          </p>
        ) : null}
      </fieldset>
    </SettingsForm>
  );
}

/** Whether a key works at `now`. */
export function keyState(apiKey: Pick<ApiKey, 'revoked_at' | 'expires_at'>, now: number): 'Revoked' | 'Expired' | 'Active' {
  if (apiKey.revoked_at) return 'Revoked';
  return apiKey.expires_at !== null && new Date(apiKey.expires_at).getTime() <= now ? 'Expired' : 'Active';
}

function KeyRow({ apiKey, now }: { apiKey: ApiKey; now: number }) {
  const revoke = useRevokeApiKey();
  const state = keyState(apiKey, now);
  return (
    <li aria-label={apiKey.name} className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="font-medium wrap-anywhere text-slate-900">{apiKey.name}</p>
          <p className="font-mono text-sm text-slate-600">{keyPrefix(apiKey)}</p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${state === 'Active' ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' : 'bg-slate-100 text-slate-700'}`}
        >
          {state}
        </span>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Last used</dt>
          <dd className="text-slate-900">{apiKey.last_used_at ? formatMoment(apiKey.last_used_at) : 'Never'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{apiKey.revoked_at ? 'Revoked on' : 'Expires'}</dt>
          <dd className="text-slate-900">
            {apiKey.revoked_at ? formatMoment(apiKey.revoked_at) : apiKey.expires_at ? formatMoment(apiKey.expires_at) : 'Never'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Created</dt>
          <dd className="text-slate-900">{formatMoment(apiKey.created_at)}</dd>
        </div>
      </dl>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-slate-800">
          {apiKey.scopes.length === SCOPE_AREAS.length * 2 ? 'Every scope' : `${apiKey.scopes.length} scope${apiKey.scopes.length === 1 ? '' : 's'}`}
        </summary>
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {apiKey.scopes.map((scope) => (
            <li key={scope} className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800">
              {scope}
            </li>
          ))}
        </ul>
      </details>
      {apiKey.revoked_at ? null : (
        <div className="border-t border-slate-100 pt-3">
          <ConfirmButton
            label="Revoke"
            question={`Revoke "${apiKey.name}"? Whatever uses it stops working at once.`}
            confirmLabel="Yes, revoke"
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(apiKey.id, { onSuccess: () => toast.success(`"${apiKey.name}" revoked`) })}
          />
          {revoke.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {formErrors(revoke.error).form}
            </p>
          ) : null}
        </div>
      )}
    </li>
  );
}
