import type { StaffMember } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ColorBar } from '../../../../components/color-bar';
import { useDocumentTitle } from '../../../../components/document-title';
import { InboxUnreadBadge } from '../../../components/inbox-unread';
import { StaffMemberChangeContext, StaffMemberContext } from '../../../components/staff-member';
import { Button } from '../../../../components/ui/button';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { staffToken } from '../../../../lib/auth-token';
import { usePortalColor } from '../../../../lib/portal-color';
import { createQueryClient } from '../../../../lib/query-client';
import { getStaffMember, useStaffSignOut } from '../api/staff-auth';
import { rememberConsoleBrand } from '../console-brand';
import { ConsoleMenu, type StaffNavItem } from './console-menu';

/** A logo of any shape at the header's height, never squashed nor cropped. */
const LOGO_CLASS = 'h-8 w-auto max-w-20 shrink-0 rounded-lg object-contain sm:max-w-32';

// One cache for the console, apart from the portal's: its queries run only while a staff token is kept.
const staffQueryClient = createQueryClient(staffToken);
staffToken.subscribe((token) => {
  if (token === null) staffQueryClient.clear();
});

/** The console's sections, in the order of its menu. */
export const STAFF_NAV: StaffNavItem[] = [
  { to: '/staff', label: 'Home', exact: true },
  { to: '/staff/projects', label: 'Projects' },
  { to: '/staff/inbox', label: 'Inbox', Badge: InboxUnreadBadge },
  { to: '/staff/audit-log', label: 'Audit log', ownerOnly: true },
  { to: '/staff/settings', label: 'Settings', ownerOnly: true },
  { to: '/staff/profile', label: 'Your profile' },
];

/** The console's sections from Tailwind's `sm` up; below it they sit behind the header's Menu button (console-menu.tsx). */
function StaffNav({ items }: { items: StaffNavItem[] }) {
  return (
    <nav aria-label="Console" className="hidden border-t border-slate-200 sm:block">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-2 sm:px-4">
        {items.map((item) => (
          <li key={item.to} className="shrink-0">
            <Link
              to={item.to}
              activeOptions={{ exact: Boolean(item.exact) }}
              className="inline-block border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-700 hover:text-slate-900 data-[status=active]:border-portal data-[status=active]:text-slate-900"
            >
              {item.label}
              {item.Badge ? (
                <>
                  {' '}
                  <item.Badge />
                </>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The staff console's frame (docs/staff-console.md): the company's colour bar, a header naming the company and who is
 * signed in, with sign-out, and the console's menu. Reads who that is once; a refused token (signed out elsewhere,
 * deactivated) leads to the console's sign-in page.
 */
export function StaffShell({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [member, setMember] = useState<StaffMember | null>(null);
  const [failed, setFailed] = useState(false);
  const signOut = useStaffSignOut();
  usePortalColor(member?.company.color);
  useDocumentTitle(member ? `${member.company.name} staff` : null);

  useEffect(() => {
    const controller = new AbortController();
    getStaffMember(controller.signal).then(setMember, (error: unknown) => {
      if (!controller.signal.aborted) setFailed(Boolean(error));
    });
    const stop = staffToken.subscribe((token) => {
      if (token === null) void navigate({ to: '/staff/login', replace: true });
    });
    return () => {
      controller.abort();
      stop();
    };
  }, [navigate]);

  const changeMember = useCallback((changes: Pick<StaffMember, 'name'>) => setMember((current) => (current ? { ...current, ...changes } : current)), []);

  useEffect(() => {
    if (member) rememberConsoleBrand(member.company);
  }, [member]);
  const items = member ? STAFF_NAV.filter((item) => !item.ownerOnly || member.role === 'owner') : [];

  const leave = () =>
    void signOut.run(undefined, {
      onSuccess: () => staffToken.remove(),
    });

  return (
    <QueryClientProvider client={staffQueryClient}>
      <div className="flex min-h-dvh flex-col bg-slate-50">
        <ColorBar />
        {/* One header for the brand, who is signed in and the menu: toasts keep clear of all of it (components/toaster.tsx). */}
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
            <p className="flex min-w-0 items-center gap-3 text-base font-semibold text-slate-900 sm:text-lg">
              {member?.company.logo_url ? <img src={member.company.logo_url} alt="" width={32} height={32} className={LOGO_CLASS} /> : null}
              <span className="min-w-0 wrap-break-word">{member ? member.company.name : 'Staff console'}</span>
              {member ? (
                <span className="hidden shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 sm:inline">Staff console</span>
              ) : null}
            </p>
            {member ? (
              <>
                <div className="ml-auto hidden shrink-0 items-center gap-3 text-sm text-slate-700 sm:flex">
                  <span>{member.name}</span>
                  <Button variant="ghost" className="px-4 py-1.5 text-sm" onClick={leave} disabled={signOut.isPending}>
                    Sign out
                  </Button>
                </div>
                <ConsoleMenu member={member} items={items} onSignOut={leave} signingOut={signOut.isPending} />
              </>
            ) : null}
          </div>
          {member ? <StaffNav items={items} /> : null}
        </header>
        <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-8">
          {member ? (
            <StaffMemberContext.Provider value={member}>
              <StaffMemberChangeContext.Provider value={changeMember}>{children}</StaffMemberChangeContext.Provider>
            </StaffMemberContext.Provider>
          ) : failed ? (
            <p role="alert" className="text-slate-700">
              The console could not be reached. Check your connection and reload the page.
            </p>
          ) : (
            <PageSpinner />
          )}
        </main>
      </div>
    </QueryClientProvider>
  );
}
