import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { CalendarDays, FileDiff, FileSignature, FileText, FolderKanban, Images, MessagesSquare, Receipt, SwatchBook, type LucideIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { EmptyState } from '../components/ui/empty-state';
import { PageHeading } from '../components/ui/page-heading';
import { PageSpinner } from '../components/ui/page-spinner';
import { PORTAL_AREAS, type PortalArea } from './lib/areas';
import { paths } from './lib/paths';
import { entityQueryOptions, type ProjectPageProps } from './lib/portal';
import type { PortalSearchParams } from '../lib/search';

/** The areas that live inside one project, each behind its company switch. */
export type ProjectArea = Exclude<PortalArea['key'], 'contact'>;

interface Gate {
  icon: LucideIcon;
  /** "… belong to a project." */
  things: string;
  /** "{company} does not share …" */
  notShared: string;
  /** The notes page fills the screen: its notices need the room the default layout gives. */
  padded?: boolean;
  /** The heading when the area is off, where "{label} are not available" does not read (a singular label). */
  unavailable?: string;
}

const GATES: Record<ProjectArea, Gate> = {
  notes: { icon: MessagesSquare, things: 'Notes', notShared: 'notes through the portal. Please contact them directly.', padded: true },
  photos: { icon: Images, things: 'Albums', notShared: 'photo albums through the portal.' },
  invoices: { icon: Receipt, things: 'Invoices', notShared: 'invoices through the portal. Please contact them for your account.' },
  proposals: { icon: FileSignature, things: 'Proposals', notShared: 'proposals through the portal. Please contact them directly.' },
  change_orders: { icon: FileDiff, things: 'Change orders', notShared: 'change orders through the portal. Please contact them directly.' },
  selections: { icon: SwatchBook, things: 'Selections', notShared: 'selections through the portal. Please contact them directly.' },
  documents: { icon: FileText, things: 'Documents', notShared: 'documents through the portal.' },
  calendar: {
    icon: CalendarDays,
    things: 'Visits',
    notShared: 'its calendar through the portal. Please contact them about visits.',
    unavailable: 'The calendar is not available',
  },
};

function Notice({ gate, heading, icon, title, children }: { gate: Gate; heading: string; icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className={gate.padded ? 'mx-auto w-full max-w-3xl px-4 py-6' : undefined}>
      <PageHeading title={heading} />
      <EmptyState icon={icon} title={title}>
        {children}
      </EmptyState>
    </div>
  );
}

/**
 * Every page that belongs to one project: with no project picked ("null", "undefined" and empty
 * count as none, lib/search.ts) it asks for one; with a project whose company does not share the
 * area it says so; otherwise it shows the page with the project.
 */
export function ProjectGate({ area, page: Page }: { area: ProjectArea; page: ComponentType<ProjectPageProps> }) {
  // Both portal layouts, the gate's parents, validate the portal query (lib/search.ts).
  const { entity: entityId } = useSearch({ strict: false }) as PortalSearchParams;
  const entity = useQuery({ ...entityQueryOptions(entityId ?? 0), enabled: entityId !== undefined });
  const gate = GATES[area];
  const { label, switch: areaSwitch } = PORTAL_AREAS.find((candidate) => candidate.key === area)!;

  if (entityId === undefined) {
    return (
      <Notice gate={gate} heading={label} icon={FolderKanban} title="Pick a project first">
        {gate.things} belong to a project.{' '}
        <Link {...paths.index()} className="font-medium text-blue-800 underline">
          Choose one of your projects
        </Link>
        .
      </Notice>
    );
  }
  if (entity.isPending) return <PageSpinner />;
  const company = entity.data?.company;
  if (!entity.data || !company || (areaSwitch && !company[areaSwitch])) {
    return (
      <Notice gate={gate} heading={label} icon={gate.icon} title={gate.unavailable ?? `${label} are not available`}>
        {company?.name ?? 'Your contractor'} does not share {gate.notShared}
      </Notice>
    );
  }
  return <Page entity={entity.data} company={company} />;
}
