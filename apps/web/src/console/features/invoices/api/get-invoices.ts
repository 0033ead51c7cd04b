import type { IntegrationInvoice } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions } from '../../../lib/staff-api';
import { INVOICES_PATH } from './paths';

export const INVOICES_PAGE_SIZE = 20;

/** One page of the project's invoices, drafts included, the newest first. */
export const projectInvoicesQueryOptions = (projectId: number, page: number, size = INVOICES_PAGE_SIZE) =>
  staffPageQueryOptions<IntegrationInvoice>(INVOICES_PATH, {
    filter: { project_id: projectId },
    sort: ['-issue_date', '-id'],
    page: { number: page, size },
  });

export const useProjectInvoices = (projectId: number, page: number, size?: number) =>
  useQuery({ ...projectInvoicesQueryOptions(projectId, page, size), placeholderData: keepPreviousData });
