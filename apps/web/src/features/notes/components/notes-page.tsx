import { MessagesSquare } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';

export function NotesPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 py-6">
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Notes</h1>
      <EmptyState icon={MessagesSquare} title="No notes yet">
        Your conversation with the project team will appear here.
      </EmptyState>
    </div>
  );
}
