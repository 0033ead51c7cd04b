import { PROPOSAL_CONSENT_TEXT } from '@portal/contract/proposal-constants';
import { useId, useState, type FormEvent } from 'react';
import { WriteControls } from '../../../../components/read-only';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { acceptFieldErrors, type AcceptFieldErrors } from '../accept-form';
import { useAcceptProposal, useDeclineProposal } from '../api/answer-proposal';

/**
 * Accepting with a typed signature and a consent box, or declining with an optional reason after a second step. The
 * accept button stays disabled while its request is out, so a double click sends one acceptance (the server refuses a
 * second one anyway). Inside WriteControls: a staff member's preview of the portal cannot answer for the customer.
 */
export function ProposalAnswer({ entity, proposalId, chosen, total }: { entity: number; proposalId: number; chosen: number[]; total: string }) {
  return (
    <WriteControls>
      <div className="flex flex-col gap-4">
        <AcceptForm entity={entity} proposalId={proposalId} chosen={chosen} total={total} />
        <DeclineForm entity={entity} proposalId={proposalId} />
      </div>
    </WriteControls>
  );
}

function AcceptForm({ entity, proposalId, chosen, total }: { entity: number; proposalId: number; chosen: number[]; total: string }) {
  const accept = useAcceptProposal(entity, proposalId);
  const [signerName, setSignerName] = useState('');
  const [consent, setConsent] = useState(false);
  const [checked, setChecked] = useState<AcceptFieldErrors | null>(null);
  const consentId = useId();
  const server = formErrors(accept.error);
  // The form's own check shows once a submission was tried, and follows the fields from then on.
  const own = checked ? acceptFieldErrors({ signerName, consent }) : {};
  const nameError = own.signer_name ?? server.fields.signer_name;
  const consentError = own.consent ?? server.fields.consent;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (accept.isPending) return;
    const errors = acceptFieldErrors({ signerName, consent });
    setChecked(errors);
    if (Object.keys(errors).length > 0) return;
    accept.mutate(
      { signer_name: signerName.trim(), consent: true, selected_item_ids: chosen },
      { onSuccess: () => toast.success('Proposal accepted', 'Thank you: the signed PDF is ready to download.') },
    );
  };

  return (
    <section aria-labelledby="accept-heading" className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6">
      <div>
        <h3 id="accept-heading" className="text-lg font-semibold text-slate-900">
          Accept and sign
        </h3>
        <p className="text-slate-700">
          You accept <span className="font-semibold tabular-nums">{total}</span>, with the options you ticked above.
        </p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Full name"
          value={signerName}
          onChange={(event) => setSignerName(event.target.value)}
          error={nameError}
          hint="Type your name as your signature."
          autoComplete="name"
          className="font-signature text-2xl italic"
        />
        <div className="flex flex-col gap-1">
          <div className="flex items-start gap-3">
            <input
              id={consentId}
              type="checkbox"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? `${consentId}-error` : undefined}
              className="mt-1 size-5 shrink-0 accent-slate-900"
            />
            <label htmlFor={consentId} className="text-sm text-slate-800">
              {PROPOSAL_CONSENT_TEXT}
            </label>
          </div>
          {consentError ? (
            <p id={`${consentId}-error`} className="text-sm text-red-700">
              {consentError}
            </p>
          ) : null}
        </div>
        <FormError message={server.form} />
        <div>
          <Button type="submit" disabled={accept.isPending} className="w-full sm:w-auto">
            {accept.isPending ? 'Accepting…' : 'Accept and sign'}
          </Button>
        </div>
      </form>
    </section>
  );
}

function DeclineForm({ entity, proposalId }: { entity: number; proposalId: number }) {
  const decline = useDeclineProposal(entity, proposalId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const { form, fields } = formErrors(decline.error);

  if (!asking) {
    return (
      <div>
        <Button variant="ghost" className="px-4 py-2 text-sm" onClick={() => setAsking(true)}>
          Decline this proposal…
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decline.isPending) return;
    decline.mutate(
      { reason: reason.trim() === '' ? null : reason.trim() },
      { onSuccess: () => toast.success('Proposal declined', 'The company has been told.') },
    );
  };
  return (
    <section aria-labelledby="decline-heading" className="flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-red-200 sm:p-6">
      <h3 id="decline-heading" className="text-lg font-semibold text-slate-900">
        Decline this proposal?
      </h3>
      <p className="text-slate-700">The company is told, and you can no longer accept this version.</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
            Reason <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <textarea
            id={reasonId}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={fields.reason ? true : undefined}
            aria-describedby={fields.reason ? `${reasonId}-error` : undefined}
            className={`w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-xs outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 ${fields.reason ? 'border-red-600' : 'border-slate-300'}`}
          />
          {fields.reason ? (
            <p id={`${reasonId}-error`} className="text-sm text-red-700">
              {fields.reason}
            </p>
          ) : null}
        </div>
        <FormError message={form} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" disabled={decline.isPending}>
            Decline the proposal
          </Button>
          <Button variant="ghost" onClick={() => setAsking(false)} disabled={decline.isPending}>
            Keep it open
          </Button>
        </div>
      </form>
    </section>
  );
}
