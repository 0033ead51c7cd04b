import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-portal text-on-portal hover:brightness-110 disabled:opacity-60',
  secondary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:opacity-60',
  ghost: 'bg-transparent text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:opacity-60',
};

/**
 * The UI theme of docs/requirements.md 10.4: buttons are large and fully rounded. Their colours never transition: a brand
 * colour arriving mid-fade would pass through unreadable text-on-background pairs.
 */
export function Button({ variant = 'primary', className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold transition-[filter,opacity,box-shadow] disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
    />
  );
}
