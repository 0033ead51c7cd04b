import { LabelledSelect } from './labelled-select';

type SortDirection = 'asc' | 'desc';

export interface SortOption<Field extends string> {
  field: Field;
  /** How each direction reads, e.g. "Due date, oldest first". */
  asc: string;
  desc: string;
}

/**
 * The sort of a list shown as cards, where there are no column headers to click: below Tailwind's
 * `sm` only (docs/decisions/033-phone-layout.md).
 */
export function SortSelect<Field extends string>({
  options,
  sort,
  onSort,
}: {
  options: readonly SortOption<Field>[];
  sort: { field: Field; direction: SortDirection };
  onSort: (sort: { field: Field; direction: SortDirection }) => void;
}) {
  return (
    <LabelledSelect
      label="Sort"
      className="flex items-center gap-2 sm:hidden"
      selectClassName="min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
      value={`${sort.field}:${sort.direction}`}
      onChange={(value) => {
        const [field, direction] = value.split(':') as [Field, SortDirection];
        onSort({ field, direction });
      }}
    >
      {options.flatMap((option) =>
        (['asc', 'desc'] as const).map((direction) => (
          <option key={`${option.field}:${direction}`} value={`${option.field}:${direction}`}>
            {option[direction]}
          </option>
        )),
      )}
    </LabelledSelect>
  );
}
