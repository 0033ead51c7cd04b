import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-10 text-slate-500" />
      <h2 className="text-lg font-medium text-slate-900">{title}</h2>
      {children ? <p className="max-w-md text-slate-600">{children}</p> : null}
    </section>
  );
}
