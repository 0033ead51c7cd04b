import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';

/**
 * The signed PDF of an acceptance or an approval: it sits behind the sign-in, so `download` fetches it and hands it to
 * the browser as a file, resolving with the file's name. Disabled while it is out, so a double tap downloads once.
 */
export function SignedPdfButton({ download, label = 'Download signed PDF' }: { download: () => Promise<string>; label?: string }) {
  const mutation = useMutation({ mutationFn: download });
  return (
    <Button
      variant="ghost"
      className="px-4 py-2 text-sm"
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(undefined, {
          onSuccess: (name) => toast.success('Download started', name),
          onError: () => toast.error('The PDF could not be downloaded', 'Please try again.'),
        })
      }
    >
      <Download aria-hidden="true" className="size-4" />
      {mutation.isPending ? 'Preparing PDF…' : label}
    </Button>
  );
}
