import type { StaffMember } from '@portal/contract';
import { createContext, useContext } from 'react';

/** The staff member signed in to the console, provided by its shell to every console page. */
export const StaffMemberContext = createContext<StaffMember | null>(null);

/** Tells the shell what the member changed of themself (their profile's name), so its header shows it without a reload. */
export const StaffMemberChangeContext = createContext<(changes: Pick<StaffMember, 'name'>) => void>(() => undefined);
export const useStaffMemberChange = () => useContext(StaffMemberChangeContext);

export function useStaffMember(): StaffMember {
  const member = useContext(StaffMemberContext);
  if (!member) throw new Error('useStaffMember outside the staff console');
  return member;
}

/** Owners alone manage staff, API keys, webhooks, branding and switches (docs/staff-console.md). */
export const isOwner = (member: StaffMember) => member.role === 'owner';
