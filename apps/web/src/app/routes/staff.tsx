import { createRoute, lazyRouteComponent, notFound, Outlet, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageSpinner } from '../../components/ui/page-spinner';
import { validateStaffProjectsSearch } from '../../features/staff-projects/search';
import { staffToken } from '../../lib/auth-token';
import { authLayoutRoute } from '../layouts/auth-layout';
import { rootRoute } from './root';

// The console's code loads only for the console: the portal's customers never download it.
const StaffShell = lazy(() => import('../../features/staff/components/staff-shell').then((module) => ({ default: module.StaffShell })));

function StaffLayout() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <StaffShell>
        <Outlet />
      </StaffShell>
    </Suspense>
  );
}

/** The staff console (docs/staff-console.md): its own layout, signed in with a staff token or sent to its sign-in page. */
export const staffLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/staff',
  beforeLoad: () => {
    if (staffToken.get() === null) throw redirect({ to: '/staff/login', replace: true });
  },
  component: StaffLayout,
});

/** A company-side id in the path: only canonical positive integers name a record (anything else is not found). */
function parseId(raw: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

const StaffHomePage = lazy(() => import('../../features/staff/components/staff-home-page').then((module) => ({ default: module.StaffHomePage })));
const StaffRecentProjects = lazy(() =>
  import('../../features/staff-projects/components/recent-projects').then((module) => ({ default: module.StaffRecentProjects })),
);

/** The console's home: the work first (recently active projects), then who is signed in. */
export const staffHomeRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/',
  component: function StaffHomeRoute() {
    return (
      <StaffHomePage>
        {/* Its own boundary: the page and its heading never wait for the list's code. */}
        <Suspense fallback={null}>
          <StaffRecentProjects />
        </Suspense>
      </StaffHomePage>
    );
  },
});

/** The company's projects: searched, sorted and paged in the URL (decision 026). */
export const staffProjectsRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/projects',
  validateSearch: validateStaffProjectsSearch,
  component: lazyRouteComponent(() => import('../../features/staff-projects/components/projects-page'), 'StaffProjectsPage'),
});

export const staffNewProjectRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/projects/new',
  component: lazyRouteComponent(() => import('../../features/staff-projects/components/new-project-page'), 'StaffNewProjectPage'),
});

/** Its sign-in pages, in the sign-in card; a signed-in member on the sign-in page goes to the console. */
export const staffLoginRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/staff/login',
  beforeLoad: () => {
    if (staffToken.get() !== null) throw redirect({ to: '/staff', replace: true });
  },
  component: lazyRouteComponent(() => import('../../features/staff/components/staff-login-page'), 'StaffLoginPage'),
});

/** Where an emailed sign-in link leads, and where one is asked for; a signed-in member goes to the console. */
export const staffPasswordlessRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/staff/passwordless',
  beforeLoad: () => {
    if (staffToken.get() !== null) throw redirect({ to: '/staff', replace: true });
  },
  component: lazyRouteComponent(() => import('../../features/staff/components/staff-passwordless-page'), 'StaffPasswordlessPage'),
});

export const staffInvitationRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/staff/invitation',
  component: lazyRouteComponent(() => import('../../features/staff/components/staff-invitation-page'), 'StaffInvitationPage'),
});

const StaffProjectLayout = lazy(() =>
  import('../../features/staff/components/staff-project-layout').then((module) => ({ default: module.StaffProjectLayout })),
);

/** One project in the console, with its tabs; each tab is a child route. */
export const staffProjectRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/projects/$projectId',
  params: { parse: ({ projectId }) => ({ projectId: parseId(projectId) }), stringify: ({ projectId }) => ({ projectId: String(projectId) }) },
  component: function StaffProjectRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return (
      <StaffProjectLayout projectId={projectId}>
        <Outlet />
      </StaffProjectLayout>
    );
  },
});

const StaffProjectOverview = lazy(() =>
  import('../../features/staff-projects/components/project-overview').then((module) => ({ default: module.StaffProjectOverview })),
);
const StaffProjectCustomers = lazy(() =>
  import('../../features/staff-projects/components/project-customers').then((module) => ({ default: module.StaffProjectCustomers })),
);

const ProjectPreview = lazy(() => import('../../features/staff-preview/components/project-preview').then((module) => ({ default: module.ProjectPreview })));

export const staffProjectOverviewRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/',
  component: function StaffProjectOverviewRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return (
      <StaffProjectOverview
        projectId={projectId}
        actions={
          <Suspense fallback={null}>
            <ProjectPreview projectId={projectId} />
          </Suspense>
        }
      />
    );
  },
});

const StaffAlbumsPage = lazy(() => import('../../features/staff-photos/components/staff-albums-page').then((module) => ({ default: module.StaffAlbumsPage })));
const StaffAlbumPage = lazy(() => import('../../features/staff-photos/components/staff-album-page').then((module) => ({ default: module.StaffAlbumPage })));

/** A project's albums (docs/staff-console.md, "Photos"). */
export const staffProjectPhotosRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/photos',
  component: function StaffProjectPhotosRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffAlbumsPage projectId={projectId} />;
  },
});

/** One album of the project: its photos and uploads. */
export const staffProjectAlbumRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/photos/$albumId',
  params: { parse: ({ albumId }) => ({ albumId: parseId(albumId) }), stringify: ({ albumId }) => ({ albumId: String(albumId) }) },
  component: function StaffProjectAlbumRoute() {
    const { projectId, albumId } = staffProjectAlbumRoute.useParams();
    return <StaffAlbumPage projectId={projectId} albumId={albumId} />;
  },
});

/** An optional record id in the search: a canonical positive integer, else left out. */
const searchId = (value: unknown): number | undefined => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined;
};

const InboxPage = lazy(() => import('../../features/staff-inbox/components/inbox-page').then((module) => ({ default: module.InboxPage })));

/** The inbox (docs/staff-console.md); an opened contact message is in the URL (`?message=`), so it can be linked to. */
export const staffInboxRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/inbox',
  validateSearch: (search: Record<string, unknown>): { message?: number } => {
    const message = searchId(search.message);
    return message === undefined ? {} : { message };
  },
  component: function StaffInboxRoute() {
    const { message } = staffInboxRoute.useSearch();
    const navigate = staffInboxRoute.useNavigate();
    return <InboxPage messageId={message} onMessageChange={(id) => void navigate({ search: id === undefined ? {} : { message: id } })} />;
  },
});

/** Your profile (docs/staff-console.md): every member's own name, title, phone and picture. */
export const staffProfileRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/profile',
  component: lazyRouteComponent(() => import('../../features/staff-profile/components/profile-page'), 'ProfilePage'),
});

export const staffAuditLogRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/audit-log',
  component: lazyRouteComponent(() => import('../../features/staff-audit/components/audit-log-page'), 'AuditLogPage'),
});
export const staffProjectCustomersRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/customers',
  component: function StaffProjectCustomersRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffProjectCustomers projectId={projectId} />;
  },
});

const StaffNotesPage = lazy(() => import('../../features/staff-notes/components/staff-notes-page').then((module) => ({ default: module.StaffNotesPage })));

export const staffProjectNotesRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/notes',
  component: function StaffProjectNotesRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffNotesPage projectId={projectId} />;
  },
});

const StaffDocumentsPage = lazy(() =>
  import('../../features/staff-documents/components/staff-documents-page').then((module) => ({ default: module.StaffDocumentsPage })),
);

export const staffProjectDocumentsRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/documents',
  component: function StaffProjectDocumentsRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffDocumentsPage projectId={projectId} />;
  },
});

const StaffInvoicesPage = lazy(() =>
  import('../../features/staff-invoices/components/staff-invoices-page').then((module) => ({ default: module.StaffInvoicesPage })),
);
const StaffInvoicePage = lazy(() =>
  import('../../features/staff-invoices/components/staff-invoice-page').then((module) => ({ default: module.StaffInvoicePage })),
);
const NewInvoicePage = lazy(() => import('../../features/staff-invoices/components/invoice-form-page').then((module) => ({ default: module.NewInvoicePage })));
const EditInvoicePage = lazy(() =>
  import('../../features/staff-invoices/components/invoice-form-page').then((module) => ({ default: module.EditInvoicePage })),
);

const invoiceIdParams = {
  parse: ({ invoiceId }: { invoiceId: string }) => ({ invoiceId: parseId(invoiceId) }),
  stringify: ({ invoiceId }: { invoiceId: number }) => ({ invoiceId: String(invoiceId) }),
};

/** A project's invoices (docs/staff-console.md): the list with the balance and aging, a new draft, one invoice, a draft's edit. */
export const staffProjectInvoicesRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/invoices',
  component: function StaffProjectInvoicesRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffInvoicesPage projectId={projectId} />;
  },
});

export const staffProjectNewInvoiceRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/invoices/new',
  component: function StaffProjectNewInvoiceRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <NewInvoicePage projectId={projectId} />;
  },
});

export const staffProjectInvoiceRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/invoices/$invoiceId',
  params: invoiceIdParams,
  component: function StaffProjectInvoiceRoute() {
    const { projectId } = staffProjectRoute.useParams();
    const { invoiceId } = staffProjectInvoiceRoute.useParams();
    return <StaffInvoicePage key={invoiceId} projectId={projectId} invoiceId={invoiceId} />;
  },
});

export const staffProjectEditInvoiceRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/invoices/$invoiceId/edit',
  params: invoiceIdParams,
  component: function StaffProjectEditInvoiceRoute() {
    const { projectId } = staffProjectRoute.useParams();
    const { invoiceId } = staffProjectEditInvoiceRoute.useParams();
    return <EditInvoicePage key={invoiceId} projectId={projectId} invoiceId={invoiceId} />;
  },
});

const StaffSchedulePage = lazy(() =>
  import('../../features/staff-schedule/components/staff-schedule-page').then((module) => ({ default: module.StaffSchedulePage })),
);

/** A project's visits (docs/staff-console.md, "Schedule"): upcoming and past, added, moved, cancelled. */
export const staffProjectScheduleRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/schedule',
  component: function StaffProjectScheduleRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffSchedulePage projectId={projectId} />;
  },
});

const SettingsLayout = lazy(() => import('../../features/staff-settings/components/settings-layout').then((module) => ({ default: module.SettingsLayout })));

/** The company's settings, owners only (docs/staff-console.md): a member of staff finds a page saying so. */
export const staffSettingsRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/settings',
  component: function StaffSettingsRoute() {
    return (
      <SettingsLayout>
        <Outlet />
      </SettingsLayout>
    );
  },
});

export const staffSettingsBrandingRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../../features/staff-settings/components/branding-page'), 'BrandingPage'),
});

export const staffSettingsAreasRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/areas',
  component: lazyRouteComponent(() => import('../../features/staff-settings/components/areas-page'), 'AreasPage'),
});

export const staffSettingsStaffRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/staff',
  component: lazyRouteComponent(() => import('../../features/staff-settings/components/staff-page'), 'StaffPage'),
});

export const staffSettingsApiKeysRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/api-keys',
  component: lazyRouteComponent(() => import('../../features/staff-settings/components/api-keys-page'), 'ApiKeysPage'),
});

export const staffSettingsWebhooksRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/webhooks',
  component: lazyRouteComponent(() => import('../../features/staff-settings/components/webhooks-page'), 'WebhooksPage'),
});

const StaffProposalsPage = lazy(() =>
  import('../../features/staff-proposals/components/staff-proposals-page').then((module) => ({ default: module.StaffProposalsPage })),
);
const StaffProposalPage = lazy(() =>
  import('../../features/staff-proposals/components/staff-proposal-page').then((module) => ({ default: module.StaffProposalPage })),
);
const NewProposalPage = lazy(() =>
  import('../../features/staff-proposals/components/staff-proposal-page').then((module) => ({ default: module.NewProposalPage })),
);

/** A project's proposals (docs/staff-console.md): the list, a new draft, and one proposal (a draft's editor, or what was sent). */
export const staffProjectProposalsRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/proposals',
  component: function StaffProjectProposalsRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffProposalsPage projectId={projectId} />;
  },
});

export const staffProjectNewProposalRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/proposals/new',
  component: function StaffProjectNewProposalRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <NewProposalPage projectId={projectId} />;
  },
});

export const staffProjectProposalRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/proposals/$proposalId',
  params: {
    parse: ({ proposalId }: { proposalId: string }) => ({ proposalId: parseId(proposalId) }),
    stringify: ({ proposalId }: { proposalId: number }) => ({ proposalId: String(proposalId) }),
  },
  component: function StaffProjectProposalRoute() {
    const { projectId } = staffProjectRoute.useParams();
    const { proposalId } = staffProjectProposalRoute.useParams();
    return <StaffProposalPage key={proposalId} projectId={projectId} proposalId={proposalId} />;
  },
});
