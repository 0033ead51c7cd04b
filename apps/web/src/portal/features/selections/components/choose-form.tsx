import { SELECTION_CONSENT_TEXT, SELECTION_SIGNER_NAME_MAX_LENGTH } from '@portal/contract/selection-constants';
import type { SelectionOption } from '@portal/contract';
import { WriteControls } from '../../../../components/read-only';
import { SignForm } from '../../../../components/signature/sign-form';
import { Button } from '../../../../components/ui/button';
import { formErrors } from '../../../../lib/form-errors';
import { formatMoney } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import type { useChooseOption } from '../api/choose-option';
import { againstAllowance } from '../../../../lib/selection-format';

/**
 * Choosing the picked option with a typed name and the consent box: the signature form of proposals and change
 * orders. Inside WriteControls: a staff member's preview cannot choose for the customer. `onCancel`, when changing a
 * choice, keeps the one there is.
 */
export function ChooseForm({
  option,
  choose,
  onCancel,
  onChosen,
}: {
  option: SelectionOption | null;
  choose: ReturnType<typeof useChooseOption>;
  onCancel: (() => void) | null;
  onChosen: () => void;
}) {
  // The option's own refusal (taken away meanwhile: a 422 on option_id) has no field in the signature form.
  const optionError = formErrors(choose.error).fields.option_id;
  return (
    <WriteControls>
      <div className="flex flex-col gap-4">
        {optionError ? (
          <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-200">
            {optionError}
          </p>
        ) : null}
        {option ? (
          <SignForm
            heading="Choose and sign"
            summary={
              <>
                You choose <span className="font-semibold wrap-anywhere">{option.title}</span> at{' '}
                <span className="font-semibold tabular-nums">{formatMoney(option.price)}</span>
                {option.difference !== null ? <>, {againstAllowance(option.difference).toLowerCase()}</> : null}.
              </>
            }
            consentText={SELECTION_CONSENT_TEXT}
            maxNameLength={SELECTION_SIGNER_NAME_MAX_LENGTH}
            submitLabel="Choose and sign"
            pendingLabel="Saving your choice…"
            pending={choose.isPending}
            // Only the errors the form shows: a refusal (409) replaces the form with its reason (closedReason).
            error={optionError ? null : choose.error}
            onSign={(signerName) =>
              choose.mutate(
                { option_id: option.id, signer_name: signerName, consent: true },
                {
                  onSuccess: () => {
                    onChosen();
                    toast.success('Your choice is saved', 'The company has been told.');
                  },
                },
              )
            }
          />
        ) : (
          <p className="rounded-2xl bg-white px-4 py-3 text-slate-700 ring-1 ring-slate-200">Pick one of the options above, then sign to choose it.</p>
        )}
        {onCancel ? (
          <div>
            <Button variant="ghost" className="px-4 py-2 text-sm" onClick={onCancel}>
              Keep my choice
            </Button>
          </div>
        ) : null}
      </div>
    </WriteControls>
  );
}

/** While the customer may still choose: the way to change what is chosen. */
export function ChangeChoice({ onChange }: { onChange: () => void }) {
  return (
    <WriteControls>
      <div>
        <Button variant="ghost" onClick={onChange}>
          Change my choice
        </Button>
      </div>
    </WriteControls>
  );
}
