import type { IntegrationContactMessage } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffQueryOptions } from '../../../lib/staff-api';

/** A contact message in full: the inbox shows it where it is opened, as the console has no page of its own for it. */
export const contactMessageQueryOptions = (id: number) => staffQueryOptions<IntegrationContactMessage>(`/integration/contact-messages/${id}`);

export const useContactMessage = (id: number | undefined) => useQuery({ ...contactMessageQueryOptions(id ?? 0), enabled: id !== undefined });
