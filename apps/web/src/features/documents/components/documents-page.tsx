import { FileText } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';

export function DocumentsPage() {
  return (
    <>
      <PageHeading title="Documents" />
      <EmptyState icon={FileText} title="No documents yet">
        Contracts, permits and plans shared with you will appear here.
      </EmptyState>
    </>
  );
}
