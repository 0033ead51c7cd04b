import { Download } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../lib/toast';
import { useDownloadPdf, type PdfTarget } from '../api/download-pdf';

export function PdfButton({ target, children }: { target: PdfTarget; children: string }) {
  const download = useDownloadPdf();
  return (
    <Button
      variant="ghost"
      className="px-4 py-2 text-sm"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(target, {
          onSuccess: (name) => toast.success('Download started', name),
          onError: () => toast.error('The PDF could not be downloaded', 'Please try again.'),
        })
      }
    >
      <Download aria-hidden="true" className="size-4" />
      {download.isPending ? 'Preparing PDF…' : children}
    </Button>
  );
}
