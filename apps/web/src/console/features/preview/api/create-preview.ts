import type { Preview, PreviewCreate } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';

/** A read-only portal session of the customer on the project, for this staff member (docs/staff-console.md). */
export const createPreview = (body: PreviewCreate) => staffRequest<Preview>('/staff/previews', { method: 'POST', body });

export const useCreatePreview = () => useMutation({ mutationFn: createPreview });
