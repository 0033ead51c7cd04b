import { getRouteApi, Navigate } from '@tanstack/react-router';
import { FolderKanban } from 'lucide-react';
import { CompanyWelcome } from '../../../../components/company-welcome';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageHeading } from '../../../../components/ui/page-heading';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { useEntity } from '../api/get-entity';
import { paths } from '../../../lib/paths';
import { useMyEntities } from '../api/get-entities';
import { AreaLinks } from './area-links';
import { ProjectCards } from './project-cards';
import { ProjectOverview } from './project-overview';
import { ProjectPicker } from './project-picker';

const route = getRouteApi('/default/');

export function ProjectPage() {
  const search = route.useSearch();
  const entityId = search.entity;
  const entities = useMyEntities();
  const entity = useEntity(entityId);
  const company = entity.data?.company ?? null;

  if (entities.isPending) return <PageSpinner label="Loading your projects…" />;
  if (entities.isError) return <p role="alert">Your projects could not be loaded. Please try again.</p>;

  const list = entities.data;
  if (list.length === 0) {
    return (
      <>
        <PageHeading title="Your projects" />
        <EmptyState icon={FolderKanban} title="No projects yet">
          When your contractor shares a project with you, it will appear here.
        </EmptyState>
      </>
    );
  }

  // One project: nothing to choose, so the index opens it (decision 034). Replaced, so Back leaves the portal.
  if (entityId === undefined && list.length === 1) return <Navigate {...paths.index({ ...search, entity: list[0]!.id })} replace />;

  if (entityId === undefined || !entity.data) {
    return (
      <>
        <PageHeading title="Your projects">Pick a project to follow it.</PageHeading>
        {entity.isPending && entityId !== undefined ? <PageSpinner /> : <ProjectCards entities={list} />}
      </>
    );
  }

  const project = entity.data.model;
  return (
    <div className="flex flex-col gap-8">
      {company ? <CompanyWelcome company={company} /> : null}
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <PageHeading title={project?.name || project?.address_street || 'Your project'} />
        {list.length > 1 ? <ProjectPicker entities={list} current={entityId} /> : null}
      </div>
      {project && company?.is_portal_project_info_enabled ? (
        <ProjectOverview project={project} changeOrdersShared={company.is_portal_change_orders_enabled} />
      ) : null}
      {company ? <AreaLinks company={company} entity={entityId} /> : null}
    </div>
  );
}
