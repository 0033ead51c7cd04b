import type { ReactNode } from 'react';

/**
 * A list's row as a card on a phone: its figures two by two, the right-hand column aligned right; a `strong` figure
 * is the one that matters most (what is still owed, what it comes to).
 */
export function CardFigures({ figures }: { figures: { label: string; value: ReactNode; strong?: boolean }[] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {figures.map(({ label, value, strong }, index) => (
        <div key={label} className={index % 2 === 1 ? 'text-right' : ''}>
          <dt className="text-slate-600">{label}</dt>
          <dd className={`tabular-nums ${strong ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
