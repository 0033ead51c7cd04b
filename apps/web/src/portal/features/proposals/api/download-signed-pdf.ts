import { formatProposalNumber } from '@portal/contract/proposal-constants';
import type { Proposal } from '@portal/contract';
import { apiDownload } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import { proposalPath } from './paths';

/** The signed PDF, made once at acceptance; it sits behind the sign-in, so it is fetched and handed to the browser as a file. */
export async function downloadSignedPdf({ entity, proposal }: { entity: number; proposal: Pick<Proposal, 'id' | 'number' | 'version'> }): Promise<string> {
  const { blob, filename } = await apiDownload(`${proposalPath(entity, proposal.id)}/pdf`);
  const name = filename ?? `proposal-${formatProposalNumber(proposal.number, proposal.version).replace(/\s+/g, '-')}-signed.pdf`;
  saveFile(blob, name);
  return name;
}
