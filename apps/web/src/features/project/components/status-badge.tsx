import type { ProjectStatus } from '@portal/contract';

/** The project's status, with the company's colour for it as a dot. */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <span className="inline-flex w-fit items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">
      <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: status.color ?? '#64748b' }} />
      {status.name}
    </span>
  );
}
