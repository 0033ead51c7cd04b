import type { IntegrationSelectionChoice, IntegrationSelectionDetail } from '@portal/contract';
import { EvidenceRow, EvidenceTimes } from '../../../../components/signature/signature-evidence';
import { formatMoment, formatMoney, NO_VALUE } from '../../../../lib/format';

const who = (choice: IntegrationSelectionChoice) => (choice.chosen_by === 'customer' ? 'The customer' : 'The company, for the customer');

/** The evidence of one choice: who, the name typed (or the member's or key's), when, from where, and the office's note. */
function ChoiceEvidenceRows({ choice }: { choice: IntegrationSelectionChoice }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
      <EvidenceRow term="Chosen by">{who(choice)}</EvidenceRow>
      <EvidenceRow term={choice.chosen_by === 'customer' ? 'Typed name' : 'On behalf, by'}>
        <span className="wrap-anywhere">{choice.signer_name}</span>
      </EvidenceRow>
      <EvidenceRow term="Email">{choice.signer_email ?? NO_VALUE}</EvidenceRow>
      <EvidenceTimes at={choice.chosen_at} />
      <EvidenceRow term="IP address">{choice.ip_address}</EvidenceRow>
      <EvidenceRow term="Browser">
        <span className="break-all">{choice.user_agent ?? NO_VALUE}</span>
      </EvidenceRow>
      {choice.chosen_by === 'company' ? (
        <EvidenceRow term="On behalf note">
          <span className="whitespace-pre-line">{choice.note ?? 'No note'}</span>
        </EvidenceRow>
      ) : null}
      <EvidenceRow term="Allowance then">{choice.allowance_amount === null ? 'None' : formatMoney(choice.allowance_amount)}</EvidenceRow>
    </dl>
  );
}

/** What was chosen, as it was then: the option's title and price when chosen, whatever it became since. */
const chosenLine = (choice: IntegrationSelectionChoice) => `${choice.option_title}, ${formatMoney(choice.option_price)}`;

/** The current choice with its whole evidence, as the company keeps it (the customer sees the name, email and time). */
export function CurrentChoice({ choice }: { choice: IntegrationSelectionChoice }) {
  return (
    <section aria-labelledby="choice-heading" className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-green-200 sm:p-6">
      <div>
        <h3 id="choice-heading" className="text-lg font-semibold text-slate-900">
          Current choice
        </h3>
        <p className="text-base font-medium wrap-anywhere text-slate-900">{chosenLine(choice)}</p>
      </div>
      <ChoiceEvidenceRows choice={choice} />
    </section>
  );
}

const ended = (choice: IntegrationSelectionChoice) => {
  if (!choice.replaced_at) return 'Current';
  return `${choice.replaced_by === 'reset' ? 'Reset' : 'Replaced by a later choice'} on ${formatMoment(choice.replaced_at)}`;
};

/** Every choice ever made, newest first: what, by whom, when, how it ended, and its evidence on demand. */
export function ChoiceHistory({ selection }: { selection: IntegrationSelectionDetail }) {
  if (selection.history.length === 0) return null;
  return (
    <section aria-labelledby="history-heading" className="flex flex-col gap-3">
      <h3 id="history-heading" className="text-lg font-semibold text-slate-900">
        History
      </h3>
      <ol aria-label="Choices, newest first" className="flex flex-col divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
        {selection.history.map((choice) => (
          <li key={choice.id} className="flex flex-col gap-1 px-4 py-3 text-sm">
            <p className="font-medium wrap-anywhere text-slate-900">{chosenLine(choice)}</p>
            <p className="text-slate-700">
              {`${choice.chosen_by === 'customer' ? 'By the customer' : 'By the company'}, ${choice.signer_name}, on ${formatMoment(choice.chosen_at)}. `}
              <span className={choice.replaced_at ? 'text-slate-600' : 'font-semibold text-green-800'}>{ended(choice)}</span>
            </p>
            <details className="mt-1">
              <summary className="cursor-pointer font-medium text-blue-800">Evidence</summary>
              <div className="mt-3">
                <ChoiceEvidenceRows choice={choice} />
              </div>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
