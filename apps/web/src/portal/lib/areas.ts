import type { Company, CompanySwitch } from '@portal/contract';
import { paths } from './paths';

export interface PortalArea {
  key: 'notes' | 'photos' | 'invoices' | 'proposals' | 'change_orders' | 'selections' | 'documents' | 'calendar' | 'contact';
  label: string;
  description: string;
  link: (typeof paths)[keyof typeof paths];
  /** The company switch that turns the area on; contact is always on. */
  switch: CompanySwitch | null;
}

/** The areas of a project, each behind its company switch (docs/requirements.md 11.1). */
export const PORTAL_AREAS: readonly PortalArea[] = [
  { key: 'notes', label: 'Notes', description: 'Your conversation with the team', link: paths.notes, switch: 'is_portal_project_notes_enabled' },
  { key: 'photos', label: 'Photos', description: 'Albums of the work', link: paths.photos, switch: 'is_portal_album_sharing_enabled' },
  { key: 'invoices', label: 'Invoices', description: 'What you owe and have paid', link: paths.invoices, switch: 'is_portal_invoicing_enabled' },
  { key: 'proposals', label: 'Proposals', description: 'Proposals to read and sign', link: paths.proposals, switch: 'is_portal_proposals_enabled' },
  {
    key: 'change_orders',
    label: 'Change orders',
    description: 'Changes to the work to approve',
    link: paths.changeOrders,
    switch: 'is_portal_change_orders_enabled',
  },
  {
    key: 'selections',
    label: 'Selections',
    description: 'Finishes and fixtures to choose',
    link: paths.selections,
    switch: 'is_portal_selections_enabled',
  },
  { key: 'documents', label: 'Documents', description: 'Contracts, plans and permits', link: paths.documents, switch: 'is_portal_file_sharing_enabled' },
  { key: 'calendar', label: 'Calendar', description: 'Visits and work days ahead', link: paths.calendar, switch: 'is_portal_project_calendar_enabled' },
  { key: 'contact', label: 'Contact', description: 'How to reach the company', link: paths.contact, switch: null },
];

/** The areas a company has switched on; with no company known yet, every area. */
export function enabledAreas(company: Company | null | undefined): PortalArea[] {
  return PORTAL_AREAS.filter((area) => !company || area.switch === null || company[area.switch]);
}
