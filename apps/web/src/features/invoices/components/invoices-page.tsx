import { Receipt } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';

export function InvoicesPage() {
  return (
    <>
      <PageHeading title="Invoices" />
      <EmptyState icon={Receipt} title="No invoices yet">
        Invoices for this project will appear here once they are sent.
      </EmptyState>
    </>
  );
}
