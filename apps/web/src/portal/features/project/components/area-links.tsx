import type { Company } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { CalendarDays, FileDiff, FileSignature, FileText, Images, MessagesSquare, Phone, Receipt, SwatchBook, type LucideIcon } from 'lucide-react';
import { enabledAreas, type PortalArea } from '../../../lib/areas';

const ICONS: Record<PortalArea['key'], LucideIcon> = {
  notes: MessagesSquare,
  photos: Images,
  invoices: Receipt,
  proposals: FileSignature,
  change_orders: FileDiff,
  selections: SwatchBook,
  documents: FileText,
  calendar: CalendarDays,
  contact: Phone,
};

/** The areas the company has switched on, and contact, each keeping the picked project. */
export function AreaLinks({ company, entity }: { company: Company; entity: number }) {
  return (
    <nav aria-label="Project areas">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {enabledAreas(company).map(({ key, label, description, link }) => {
          const Icon = ICONS[key];
          return (
            <li key={key}>
              <Link
                {...link({ entity })}
                className="flex h-full flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300"
              >
                <Icon aria-hidden="true" className="size-6 text-slate-700" />
                <span className="font-semibold text-slate-900">{label}</span>
                <span className="text-sm text-slate-600">{description}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
