import { getRouteApi } from '@tanstack/react-router';
import { PageHeading } from '../../../../components/ui/page-heading';
import type { ProjectPageProps } from '../../../lib/portal';
import { ProposalDetail } from './proposal-detail';
import { ProposalsList } from './proposals-list';

const route = getRouteApi('/default/proposals');

export function ProposalsPage({ entity }: ProjectPageProps) {
  const search = route.useSearch();
  const project = entity.model;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Proposals">
        {project ? `${project.name || project.address_street || 'Your project'}${project.number ? ` · ${project.number}` : ''}` : null}
      </PageHeading>
      {search.proposal !== undefined ? <ProposalDetail entity={entity.id} /> : <ProposalsList entity={entity.id} />}
    </div>
  );
}
