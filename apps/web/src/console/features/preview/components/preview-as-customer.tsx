import { Eye } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { formErrors } from '../../../../lib/form-errors';
import { previewUrl } from '../../../../lib/preview';
import { useCreatePreview } from '../api/create-preview';

/**
 * "Preview as customer": opens the portal in a new tab as this customer sees this project, read-only. The tab is
 * opened at the click (a tab opened after a request may be blocked as a pop-up) and sent on once the preview exists;
 * the preview's session stays in that tab (lib/preview.ts).
 */
export function PreviewAsCustomer({ projectId, portalUserId, disabled = false }: { projectId: number; portalUserId: number; disabled?: boolean }) {
  const create = useCreatePreview();
  const open = () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    create.mutate(
      { project_id: projectId, portal_user_id: portalUserId },
      {
        onSuccess: (preview) => {
          if (tab) tab.location.replace(previewUrl(preview));
          else window.open(previewUrl(preview), '_blank', 'noopener');
        },
        onError: () => tab?.close(),
      },
    );
  };
  return (
    <div className="flex flex-col items-start gap-3">
      <FormError message={formErrors(create.error).form ?? Object.values(formErrors(create.error).fields)[0]} />
      <Button variant="secondary" onClick={open} disabled={disabled || create.isPending}>
        <Eye aria-hidden="true" className="size-5" />
        {create.isPending ? 'Opening…' : 'Preview as customer'}
      </Button>
    </div>
  );
}
