import type { ChangeOrderStatus, InvoiceStatus, ProposalStatus, SelectionStatus } from '@portal/contract';
import type { ReactNode } from 'react';

/** The colours a state may take, by what it means rather than by hue, so that one meaning looks one way everywhere. */
export type BadgeTone = 'neutral' | 'draft' | 'info' | 'warning' | 'success' | 'danger' | 'closed' | 'void';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-800',
  draft: 'bg-slate-100 text-slate-800 ring-1 ring-slate-300 ring-inset',
  info: 'bg-blue-100 text-blue-900',
  warning: 'bg-amber-100 text-amber-900',
  success: 'bg-green-100 text-green-900',
  danger: 'bg-red-100 text-red-900',
  closed: 'bg-slate-200 text-slate-800',
  void: 'bg-slate-200 text-slate-800 line-through decoration-slate-500',
};

/** An invoice's state, in the portal and the console alike (the portal never sees a draft). */
export const INVOICE_TONES: Record<InvoiceStatus, BadgeTone> = {
  draft: 'draft',
  sent: 'info',
  partially_paid: 'warning',
  paid: 'success',
  overdue: 'danger',
  void: 'void',
};

/** A proposal's state, in the portal and the console alike. */
export const PROPOSAL_TONES: Record<ProposalStatus, BadgeTone> = {
  draft: 'draft',
  sent: 'info',
  accepted: 'success',
  declined: 'danger',
  expired: 'warning',
  withdrawn: 'closed',
  superseded: 'closed',
};

/** A change order's state, in the portal and the console alike: the same meanings as a proposal's. */
export const CHANGE_ORDER_TONES: Record<ChangeOrderStatus, BadgeTone> = {
  draft: 'draft',
  sent: 'info',
  approved: 'success',
  declined: 'danger',
  expired: 'warning',
  withdrawn: 'closed',
  superseded: 'closed',
};

/** A selection's state, in the portal and the console alike: one to make is news, a missed deadline a warning. */
export const SELECTION_TONES: Record<SelectionStatus, BadgeTone> = {
  to_choose: 'info',
  chosen: 'success',
  locked: 'closed',
  past_deadline: 'warning',
};

/**
 * The state of a thing (an invoice, a proposal, a project, a shared file) as a pill: the words carry the meaning and the
 * colour only repeats it. `dot` adds a dot of a colour the company chose (a project's stage); `icon` an icon before the
 * words. Never broken inside: a long label moves to the next line whole.
 */
export function StatusBadge({
  label,
  tone = 'neutral',
  dot,
  icon,
  size = 'small',
  className = '',
}: {
  label: ReactNode;
  tone?: BadgeTone;
  /** A CSS colour, or null for a dot in the default grey. */
  dot?: string | null;
  icon?: ReactNode;
  /** `large` beside a page's heading. */
  size?: 'small' | 'large';
  className?: string;
}) {
  const sized = size === 'large' ? 'gap-2 px-3 py-1 text-sm' : 'gap-1.5 px-2.5 py-0.5 text-xs';
  return (
    <span className={`inline-flex items-center rounded-full font-semibold whitespace-nowrap ${sized} ${TONES[tone]} ${className}`}>
      {dot === undefined ? null : (
        <span
          aria-hidden="true"
          className={`${size === 'large' ? 'size-2.5' : 'size-2'} rounded-full bg-slate-400`}
          style={dot ? { backgroundColor: dot } : undefined}
        />
      )}
      {icon}
      {label}
    </span>
  );
}
