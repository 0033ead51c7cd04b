import type { IntegrationChangeOrder, IntegrationChangeOrderDetail } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions, staffQueryOptions } from '../../../lib/staff-api';
import { CHANGE_ORDERS_PATH, changeOrderPath } from './paths';

export const CHANGE_ORDERS_PAGE_SIZE = 20;

/** One page of the project's change orders, drafts and every version included, the newest first. */
export const projectChangeOrdersQueryOptions = (projectId: number, page: number, size = CHANGE_ORDERS_PAGE_SIZE) =>
  staffPageQueryOptions<IntegrationChangeOrder>(CHANGE_ORDERS_PATH, {
    filter: { project_id: projectId },
    sort: ['-created_at', '-id'],
    page: { number: page, size },
  });

export const useProjectChangeOrders = (projectId: number, page: number, size?: number) =>
  useQuery({ ...projectChangeOrdersQueryOptions(projectId, page, size), placeholderData: keepPreviousData });

export const useChangeOrder = (changeOrderId: number) => useQuery(staffQueryOptions<IntegrationChangeOrderDetail>(changeOrderPath(changeOrderId)));
