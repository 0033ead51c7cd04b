import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A list item led by a decorative icon: a phone number, a web address, a postal address. */
export function IconItem({ icon: Icon, top = false, children }: { icon: LucideIcon; top?: boolean; children: ReactNode }) {
  return (
    <li className={`flex gap-3 ${top ? 'items-start' : 'items-center'}`}>
      <Icon aria-hidden="true" className={`size-5 shrink-0 text-slate-500 ${top ? 'mt-0.5' : ''}`} />
      {children}
    </li>
  );
}
