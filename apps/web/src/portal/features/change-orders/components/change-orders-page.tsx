import { getRouteApi } from '@tanstack/react-router';
import { PageHeading } from '../../../../components/ui/page-heading';
import type { ProjectPageProps } from '../../../lib/portal';
import { ChangeOrderDetail } from './change-order-detail';
import { ChangeOrdersList } from './change-orders-list';

const route = getRouteApi('/default/change-orders');

export function ChangeOrdersPage({ entity, company }: ProjectPageProps) {
  const search = route.useSearch();
  const project = entity.model;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Change orders">
        {project ? `${project.name || project.address_street || 'Your project'}${project.number ? ` · ${project.number}` : ''}` : null}
      </PageHeading>
      {search.change_order !== undefined ? (
        <ChangeOrderDetail entity={entity.id} invoicesShared={company.is_portal_invoicing_enabled} />
      ) : (
        <ChangeOrdersList entity={entity.id} />
      )}
    </div>
  );
}
