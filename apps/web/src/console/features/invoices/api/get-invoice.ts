import type { IntegrationInvoiceDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffQueryOptions } from '../../../lib/staff-api';
import { invoicePath } from './paths';

export const invoiceQueryOptions = (invoiceId: number) => staffQueryOptions<IntegrationInvoiceDetail>(invoicePath(invoiceId));

export const useInvoice = (invoiceId: number) => useQuery(invoiceQueryOptions(invoiceId));
