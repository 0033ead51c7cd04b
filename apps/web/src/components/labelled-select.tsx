import { useId, type ReactNode } from 'react';

/** A select with its visible label beside it (a filter, a sort, a role): the label names it for screen readers too. */
export function LabelledSelect({
  label,
  value,
  onChange,
  disabled,
  className,
  labelClassName = 'text-sm font-medium text-slate-800',
  selectClassName,
  as: Wrapper = 'div',
  children,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The wrapper's classes: label and select side by side, or stacked on a phone. */
  className: string;
  labelClassName?: string;
  selectClassName: string;
  /** A span where the select sits in a line of text. */
  as?: 'div' | 'span';
  /** The options. */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Wrapper className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} className={selectClassName}>
        {children}
      </select>
    </Wrapper>
  );
}
