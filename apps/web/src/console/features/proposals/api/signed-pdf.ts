import { formatProposalNumber } from '@portal/contract/proposal-constants';
import type { IntegrationProposal } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import { proposalPath } from './paths';

/** The signed PDF as stored at acceptance, byte for byte; behind the console's token, so fetched and handed over as a file. */
export async function downloadSignedPdf(proposal: Pick<IntegrationProposal, 'id' | 'number' | 'version'>): Promise<string> {
  const { blob, filename } = await apiDownload(`${proposalPath(proposal.id)}/pdf`, { staff: true });
  const name = filename ?? `proposal-${formatProposalNumber(proposal.number, proposal.version).replace(/\s+/g, '-')}-signed.pdf`;
  saveFile(blob, name);
  return name;
}

export const useSignedPdf = () => useMutation({ mutationFn: downloadSignedPdf });
