import type { accounts, companies, projects, staff } from '../db/schema';

/**
 * The base demo's rows as tables (seed/index.ts writes them, in this order, so every seed gives the same ids): two
 * companies, their staff, the customers' accounts and five projects. A row names the rows it hangs on by their key
 * here; the seed puts in the ids.
 */

export type CompanyKey = 'acme' | 'brightside';
export type StaffKey = 'dana' | 'omar' | 'priya';
/** The demo's portal users, in the order of DEMO_USERS (seed/index.ts). */
export type UserKey = 'casey' | 'nico';
export type AccountKey = 'caseyAtAcme' | 'nicoAtAcme' | 'caseyAtBrightside';
export type ProjectKey = 'kitchen' | 'garage' | 'roof' | 'lakeHouse' | 'deck';

type Stamped<T> = Omit<T, 'id' | 'created_at' | 'updated_at'>;

export const DEMO_COMPANIES: Record<CompanyKey, { company: Stamped<typeof companies.$inferInsert>; theme: { code: string } }> = {
  acme: {
    company: {
      name: 'Acme Builders',
      url: 'https://acme-builders.example.com',
      phone_default: '(512) 555-0134',
      contact_email: 'office@acme-builders.example.com',
      address_street: '1200 Congress Ave',
      address_city: 'Austin',
      address_state: 'TX',
      time_zone: 'America/Chicago',
      address_zip: '78701',
      color: '#c2410c',
      logo_url: '/brand/acme.svg',
      portal_welcome_message:
        'Welcome to your Acme Builders project portal. Follow your project, message our team and find every photo, invoice and document in one place.',
      is_portal_album_sharing_enabled: true,
      is_portal_change_orders_enabled: true,
      is_portal_file_sharing_enabled: true,
      is_portal_invoicing_enabled: true,
      is_portal_project_calendar_enabled: true,
      is_portal_project_info_enabled: true,
      is_portal_project_notes_enabled: true,
      is_portal_proposals_enabled: true,
      is_portal_selections_enabled: true,
      is_portal_user_profile_pics_enabled: true,
    },
    theme: { code: 'acme' },
  },
  brightside: {
    company: {
      name: 'Brightside Remodeling',
      url: 'https://brightside-remodeling.example.com',
      phone_default: '(503) 555-0187',
      contact_email: 'hello@brightside-remodeling.example.com',
      address_street: '845 SW Morrison St',
      address_city: 'Portland',
      address_state: 'OR',
      address_zip: '97205',
      time_zone: 'America/Los_Angeles',
      color: '#1d4ed8',
      logo_url: '/brand/brightside.svg',
      portal_welcome_message: 'Thanks for choosing Brightside. Your remodel, at a glance.',
      is_portal_album_sharing_enabled: false,
      is_portal_change_orders_enabled: false,
      is_portal_file_sharing_enabled: true,
      is_portal_invoicing_enabled: false,
      is_portal_project_calendar_enabled: false,
      is_portal_project_info_enabled: true,
      is_portal_project_notes_enabled: true,
      is_portal_proposals_enabled: false,
      is_portal_user_profile_pics_enabled: false,
    },
    theme: { code: 'brightside' },
  },
};

export const DEMO_STAFF: { key: StaffKey; company: CompanyKey; row: Omit<Stamped<typeof staff.$inferInsert>, 'company_id'> }[] = [
  {
    key: 'dana',
    company: 'acme',
    row: { name: 'Dana Whitfield', title: 'Project Manager', email: 'dana@acme-builders.example.com', phone: '(512) 555-0142', role: 'owner' },
  },
  {
    key: 'omar',
    company: 'acme',
    row: { name: 'Omar Haddad', title: 'Site Supervisor', email: 'omar@acme-builders.example.com', phone: '(512) 555-0168' },
  },
  {
    key: 'priya',
    company: 'brightside',
    row: { name: 'Priya Natarajan', title: 'Design Lead', email: 'priya@brightside-remodeling.example.com', phone: '(503) 555-0112', role: 'owner' },
  },
];

export const DEMO_ACCOUNTS: { key: AccountKey; company: CompanyKey; row: Omit<Stamped<typeof accounts.$inferInsert>, 'company_id'> }[] = [
  {
    key: 'caseyAtAcme',
    company: 'acme',
    row: {
      name: 'Casey Morgan',
      type: 'residential',
      email: 'customer@example.com',
      first_name: 'Casey',
      last_name: 'Morgan',
      prefix: 'Ms.',
      phone_cell: '(512) 555-0199',
      billing_address_street: '4512 Avenue F',
      billing_address_city: 'Austin',
      billing_address_state: 'TX',
      billing_address_zip: '78751',
      billing_address_latitude: '30.3098100',
      billing_address_longitude: '-97.7255300',
      shipping_address_street: '4512 Avenue F',
      shipping_address_city: 'Austin',
      shipping_address_state: 'TX',
      shipping_address_zip: '78751',
    },
  },
  {
    key: 'nicoAtAcme',
    company: 'acme',
    row: {
      name: 'Nico Alvarez',
      type: 'residential',
      email: 'neighbor@example.com',
      first_name: 'Nico',
      last_name: 'Alvarez',
      phone_cell: '(512) 555-0177',
      billing_address_street: '4516 Avenue F',
      billing_address_city: 'Austin',
      billing_address_state: 'TX',
      billing_address_zip: '78751',
    },
  },
  {
    key: 'caseyAtBrightside',
    company: 'brightside',
    row: {
      name: 'Casey Morgan',
      type: 'residential',
      email: 'customer@example.com',
      first_name: 'Casey',
      last_name: 'Morgan',
      phone_cell: '(512) 555-0199',
      billing_address_street: '2210 NE Alberta St',
      billing_address_city: 'Portland',
      billing_address_state: 'OR',
      billing_address_zip: '97211',
    },
  },
];

/** A project: whose (company, account, owner, rep), its status by name, the days after the seed's clock it was made and last changed. */
export interface DemoProject {
  key: ProjectKey;
  company: CompanyKey;
  account: AccountKey;
  /** The portal user it is shared with. */
  owner: UserKey;
  status: string;
  rep: StaffKey;
  days: { created: number; updated: number };
  row: Omit<Stamped<typeof projects.$inferInsert>, 'company_id' | 'account_id' | 'status_id' | 'site_type_id' | 'rep_primary_id'>;
}

export const DEMO_PROJECTS: DemoProject[] = [
  {
    key: 'kitchen',
    company: 'acme',
    account: 'caseyAtAcme',
    owner: 'casey',
    status: 'In progress',
    rep: 'dana',
    days: { created: 0, updated: 40 },
    row: {
      number: 'ACM-1042',
      name: 'Kitchen remodel',
      address_street: '4512 Avenue F',
      address_city: 'Austin',
      address_state: 'TX',
      address_zip: '78751',
      address_description: 'Side gate code 4512. Please park on the street.',
      address_latitude: '30.3098100',
      address_longitude: '-97.7255300',
      financials_total_amount: '48250.00',
      financials_balance_amount: '12062.50',
    },
  },
  {
    key: 'garage',
    company: 'acme',
    account: 'caseyAtAcme',
    owner: 'casey',
    status: 'Scheduled',
    rep: 'omar',
    days: { created: 3, updated: 21 },
    row: {
      number: 'ACM-1057',
      name: null,
      address_street: '4512 Avenue F (garage)',
      address_city: 'Austin',
      address_state: 'TX',
      address_zip: '78751',
      address_latitude: '30.3097700',
      address_longitude: '-97.7253900',
      financials_total_amount: '8900.00',
      financials_balance_amount: null,
    },
  },
  {
    key: 'roof',
    company: 'acme',
    account: 'caseyAtAcme',
    owner: 'casey',
    status: 'Completed',
    rep: 'dana',
    days: { created: 5, updated: 9 },
    row: {
      number: 'ACM-0988',
      name: 'Roof replacement',
      address_street: '4512 Avenue F',
      address_city: 'Austin',
      address_state: 'TX',
      address_zip: '78751',
      address_latitude: '30.3098100',
      address_longitude: '-97.7255300',
      financials_total_amount: '21400.00',
      financials_balance_amount: '0.00',
    },
  },
  {
    key: 'lakeHouse',
    company: 'brightside',
    account: 'caseyAtBrightside',
    owner: 'casey',
    status: 'Estimate',
    rep: 'priya',
    days: { created: 7, updated: 30 },
    row: {
      number: 'BSR-311',
      name: 'Lake house bathroom',
      address_street: '2210 NE Alberta St',
      address_city: 'Portland',
      address_state: 'OR',
      address_zip: '97211',
      address_latitude: '45.5590400',
      address_longitude: '-122.6431200',
      financials_total_amount: '17325.40',
      financials_balance_amount: '17325.40',
    },
  },
  {
    key: 'deck',
    company: 'acme',
    account: 'nicoAtAcme',
    owner: 'nico',
    status: 'In progress',
    rep: 'omar',
    days: { created: 8, updated: 12 },
    row: {
      number: 'ACM-1063',
      name: 'Backyard deck',
      address_street: '4516 Avenue F',
      address_city: 'Austin',
      address_state: 'TX',
      address_zip: '78751',
      address_latitude: '30.3099800',
      address_longitude: '-97.7256900',
      financials_total_amount: '15780.00',
      financials_balance_amount: '7890.00',
    },
  },
];
