import { Eye } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ReadOnlyContext } from '../../components/read-only';
import { apiRequest } from '../../lib/api-client';
import { previewSession } from '../../lib/preview';

/**
 * A staff member's preview of the portal (docs/staff-console.md): the banner on every page, and the read-only context
 * that disables every write control below it. Outside a preview it is only its children.
 */
export function PreviewFrame({ children }: { children: ReactNode }) {
  // A tab is a preview from its first page to its last: read once.
  const [preview] = useState(previewSession.get);
  if (!preview) return children;
  return (
    <ReadOnlyContext.Provider value={true}>
      <PreviewBanner name={preview.name} projectId={preview.projectId} />
      {children}
    </ReadOnlyContext.Provider>
  );
}

function PreviewBanner({ name, projectId }: { name: string; projectId: number }) {
  const [ending, setEnding] = useState(false);
  const end = async () => {
    setEnding(true);
    // The session ends on the server; should that fail, it still expires within the hour.
    await apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
    previewSession.end();
    window.location.assign(`/staff/projects/${projectId}`);
  };
  return (
    <div role="region" aria-label="Preview" className="border-b border-amber-300 bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Eye aria-hidden="true" className="size-5 shrink-0" />
        <p className="min-w-0 flex-1 text-sm">
          <strong className="font-semibold">Preview:</strong> you see the portal as {name} sees it. Nothing can be changed here.
        </p>
        <button
          type="button"
          onClick={() => void end()}
          disabled={ending}
          className="rounded-full bg-amber-950 px-4 py-1.5 text-sm font-semibold text-white hover:bg-amber-900 disabled:opacity-60"
        >
          {ending ? 'Ending…' : 'End preview'}
        </button>
      </div>
    </div>
  );
}
