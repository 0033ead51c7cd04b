import { Phone } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';

export function ContactPage() {
  return (
    <>
      <PageHeading title="Contact" />
      <EmptyState icon={Phone} title="Contact your project team">
        Phone numbers, the project's representative and a message form will appear here.
      </EmptyState>
    </>
  );
}
