import { Images } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';

export function PhotosPage() {
  return (
    <>
      <PageHeading title="Photos" />
      <EmptyState icon={Images} title="No albums yet">
        Albums your project team shares with you will appear here.
      </EmptyState>
    </>
  );
}
