import type { ProposalAcceptance, ProposalDetail } from '@portal/contract';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/format';
import { EvidenceRow, SignatureEvidence } from '../signature/signature-evidence';

/**
 * The record of a proposal's acceptance (the shared signature evidence) with what was accepted: the options chosen
 * and the accepted total. `children` is the download button.
 */
export function ProposalEvidence({
  acceptance,
  sections,
  children,
}: {
  acceptance: ProposalAcceptance;
  sections: ProposalDetail['sections'];
  children?: ReactNode;
}) {
  const chosen = new Set(acceptance.selected_item_ids);
  const options = sections.flatMap((section) => section.items).filter((item) => item.optional && chosen.has(item.id));
  return (
    <SignatureEvidence
      heading="Signed and accepted"
      signature={{ ...acceptance, signed_at: acceptance.accepted_at }}
      rows={
        <>
          <EvidenceRow term="Options chosen">
            {options.length === 0 ? (
              'None'
            ) : (
              <ul className="list-inside list-disc">
                {options.map((item) => (
                  <li key={item.id}>{item.description}</li>
                ))}
              </ul>
            )}
          </EvidenceRow>
          <EvidenceRow term="Accepted total">
            <span className="font-semibold tabular-nums">{formatMoney(acceptance.total)}</span>
            <span className="text-slate-600">
              {' '}
              ({formatMoney(acceptance.subtotal)} + {formatMoney(acceptance.tax)} tax)
            </span>
          </EvidenceRow>
        </>
      }
    >
      {children}
    </SignatureEvidence>
  );
}
