import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated, WebhookEndpointInput } from '@portal/contract';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@portal/contract/company-side';
import { Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { InlineAlert } from '../../../components/labelled-field';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useRedeliverWebhook } from '../api/redeliver-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { useWebhookDeliveries } from '../api/webhook-deliveries';
import { useWebhooks } from '../api/webhooks';
import { ConfirmButton } from './confirm-button';
import { NO_VALUE } from '../../../../lib/format';
import { formatMoment } from './moment';
import { CreateWithSecret } from './secret-once';
import { SettingsForm, SettingsList } from './settings-page';

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'note.created': 'A customer posts a note',
  'document.uploaded': 'A customer uploads a document',
  'contact_message.created': 'A customer sends a message from the contact page',
  'invoice.viewed': 'A customer first opens an invoice',
  'invoice.sent': 'An invoice is sent to the customers (by the office, or on a change order’s approval)',
  'portal_user.activated': 'A customer signs in for the first time',
  'proposal.viewed': 'A customer first opens a proposal',
  'proposal.accepted': 'A customer accepts a proposal',
  'proposal.declined': 'A customer declines a proposal',
  'change_order.sent': 'A change order is sent to the customers',
  'change_order.viewed': 'A customer first opens a change order',
  'change_order.approved': 'A customer approves a change order',
  'change_order.declined': 'A customer declines a change order',
  'change_order.withdrawn': 'A sent change order is withdrawn',
  'selection.chosen': 'An option of a selection is chosen (by a customer, or by the office for them)',
  'selection.reset': 'The choice of a selection is reset',
  'selection.locked': 'A selection is locked',
  'selection.unlocked': 'A selection is unlocked',
};

/** Webhooks (docs/staff-console.md): endpoints, their signing secret once, and each one's delivery log with redelivery. */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  // Here rather than in the row, which is gone by the time the delete has answered.
  const remove = useDeleteWebhook();
  return (
    <div className="flex flex-col gap-6">
      <CreateWithSecret<WebhookEndpoint | WebhookEndpointCreated>
        title="Webhooks"
        openLabel="Add an endpoint"
        intro="The portal tells your systems what customers do, with a signed POST to each endpoint."
        secretTitle={() => "The endpoint's signing secret"}
        secretOf={(created) => ('secret' in created ? created.secret : null)}
        form={({ onCancel, onCreated }) => <EndpointForm title="Add an endpoint" submitLabel="Add the endpoint" onCancel={onCancel} onSaved={onCreated} />}
      />
      <InlineAlert message={remove.isError ? formErrors(remove.error).form : null} />
      <SettingsList
        query={webhooks}
        label="Webhook endpoints"
        empty={
          <EmptyState icon={Webhook} title="No webhook endpoints">
            Add one to have your CRM hear of new notes, uploads, messages and more as they happen.
          </EmptyState>
        }
      >
        {(endpoint) => (
          <EndpointRow
            key={endpoint.id}
            endpoint={endpoint}
            deleting={remove.isPending && remove.variables === endpoint.id}
            onDelete={() => remove.mutate(endpoint.id, { onSuccess: () => toast.success('Endpoint deleted') })}
          />
        )}
      </SettingsList>
    </div>
  );
}

/** Creating (no endpoint given) or editing one: URL, the events it wants, and whether it is active. */
function EndpointForm({
  endpoint,
  title,
  submitLabel,
  onCancel,
  onSaved,
}: {
  endpoint?: WebhookEndpoint;
  title: string;
  submitLabel: string;
  onCancel: () => void;
  onSaved: (saved: WebhookEndpoint | WebhookEndpointCreated) => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = endpoint ? update : create;
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<Set<WebhookEvent>>(new Set(endpoint?.event_types ?? WEBHOOK_EVENTS));
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const errors = formErrors(saving.error);
  const eventsError = errors.fields.event_types ?? Object.entries(errors.fields).find(([field]) => field.startsWith('event_types.'))?.[1];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: WebhookEndpointInput = { url, event_types: WEBHOOK_EVENTS.filter((type) => events.has(type)), enabled };
    const done = (saved: WebhookEndpoint | WebhookEndpointCreated) => {
      toast.success(endpoint ? 'Endpoint saved' : 'Endpoint added');
      onSaved(saved);
    };
    if (endpoint) update.mutate({ id: endpoint.id, body }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  };

  return (
    <SettingsForm
      title={title}
      onSubmit={submit}
      error={errors.form}
      pending={saving.isPending}
      submitLabel={submitLabel}
      pendingLabel="Saving…"
      onCancel={onCancel}
    >
      <TextField
        label="URL"
        type="url"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={errors.fields.url}
        hint="An https:// address of your system that answers 2xx within 10 seconds."
        required
        spellCheck={false}
        autoComplete="off"
      />
      <fieldset aria-describedby={eventsError ? 'events-error' : undefined} className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-medium text-slate-800">Events</legend>
        {WEBHOOK_EVENTS.map((type) => (
          <label key={type} className="flex items-start gap-2 text-slate-800">
            <input
              type="checkbox"
              className="mt-1 size-4 shrink-0"
              checked={events.has(type)}
              onChange={(event) => {
                const next = new Set(events);
                if (event.target.checked) next.add(type);
                else next.delete(type);
                setEvents(next);
              }}
            />
            <span>
              {EVENT_LABELS[type]} <code className="text-sm text-slate-600">{type}</code>
            </span>
          </label>
        ))}
        {eventsError ? (
          <p id="events-error" className="text-sm text-red-700">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <label className="flex items-center gap-2 text-slate-800">
        <input type="checkbox" className="size-4" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        Active: send events to it
      </label>
    </SettingsForm>
  );
}

function EndpointRow({ endpoint, deleting, onDelete }: { endpoint: WebhookEndpoint; deleting: boolean; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  if (editing)
    return (
      <li>
        <EndpointForm
          endpoint={endpoint}
          title="Edit the endpoint"
          submitLabel="Save the endpoint"
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      </li>
    );
  const logId = `webhook-${endpoint.id}-log`;
  return (
    <li aria-label={endpoint.url} className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${endpoint.enabled ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' : 'bg-slate-100 text-slate-700'}`}
        >
          {endpoint.enabled ? 'Active' : 'Paused'}
        </span>
      </div>
      <ul aria-label="Events" className="flex flex-wrap gap-1.5">
        {endpoint.event_types.map((type) => (
          <li key={type} className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800">
            {type}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <Button variant="ghost" className="px-4 py-1.5 text-sm" aria-expanded={logOpen} aria-controls={logId} onClick={() => setLogOpen(!logOpen)}>
          {logOpen ? 'Hide the delivery log' : 'Delivery log'}
        </Button>
        <Button variant="ghost" className="px-4 py-1.5 text-sm" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <ConfirmButton
          label="Delete"
          question="Delete this endpoint and its delivery log?"
          confirmLabel="Yes, delete"
          pending={deleting}
          onConfirm={onDelete}
        />
      </div>
      {logOpen ? <DeliveryLog id={logId} endpointId={endpoint.id} /> : null}
    </li>
  );
}

const STATE_LABELS: Record<WebhookDelivery['state'], string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };
const STATE_STYLES: Record<WebhookDelivery['state'], string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

function DeliveryLog({ id, endpointId }: { id: string; endpointId: number }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliverWebhook();
  return (
    <section id={id} aria-label="Delivery log" className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-slate-800">Delivery log (newest first)</h2>
      {deliveries.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The log could not be loaded.
        </p>
      ) : deliveries.data.data.length === 0 ? (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600">Nothing sent yet. Events appear here as customers act.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {deliveries.data.data.map((delivery) => {
            const last = delivery.attempts.at(-1);
            return (
              <li
                key={delivery.id}
                aria-label={`${delivery.type} ${STATE_LABELS[delivery.state]}`}
                className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono text-slate-900">{delivery.type}</span>
                  <span className={`rounded-full px-2 py-0.5 font-medium ring-1 ${STATE_STYLES[delivery.state]}`}>{STATE_LABELS[delivery.state]}</span>
                </div>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-600">Created</dt>
                    <dd className="text-slate-900">{formatMoment(delivery.created_at)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Attempts</dt>
                    <dd className="text-slate-900">{delivery.attempts.length}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Last answer</dt>
                    <dd className="text-slate-900">{last ? (last.status_code ?? 'None') : NO_VALUE}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Latency</dt>
                    <dd className="text-slate-900">{last ? `${last.latency_ms} ms` : NO_VALUE}</dd>
                  </div>
                </dl>
                {last?.error ? <p className="wrap-anywhere text-red-800">Last error: {last.error}</p> : null}
                <div>
                  <Button
                    variant="ghost"
                    className="bg-white px-3 py-1 text-sm"
                    disabled={redeliver.isPending && redeliver.variables.deliveryId === delivery.id}
                    onClick={() => redeliver.mutate({ id: endpointId, deliveryId: delivery.id }, { onSuccess: () => toast.success('Sent again') })}
                  >
                    Redeliver
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
