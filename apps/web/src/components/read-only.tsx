import { createContext, useContext, type ReactNode } from 'react';

/**
 * Whether the portal is read-only here: a staff member's preview of it (docs/staff-console.md). The portal's layouts
 * provide it once; every write control follows it, so no page decides for itself.
 */
export const ReadOnlyContext = createContext(false);

export const useReadOnly = () => useContext(ReadOnlyContext);

/**
 * Write controls (a form's fields and buttons, an upload, a sign-out button) that a read-only portal disables all at
 * once: a fieldset's `disabled` reaches every control inside, and `contents` keeps it out of the layout.
 */
export function WriteControls({ children }: { children: ReactNode }) {
  const readOnly = useReadOnly();
  return (
    <fieldset disabled={readOnly} className="contents">
      {children}
    </fieldset>
  );
}
