import { ArrowDown, ArrowUp } from 'lucide-react';

export interface SortColumn<Field extends string> {
  /** null: a column the list cannot sort by, a plain header. */
  field: Field | null;
  label: string;
  className?: string;
}

/**
 * A table's column header that sorts the list: a button that sorts by the column, up first and down on a second press
 * (`onSort` decides), with `aria-sort` on the sorted column. Below `sm` the list is cards and SortSelect sorts it.
 */
export function SortHeader<Field extends string>({
  column,
  sort,
  onSort,
}: {
  column: SortColumn<Field>;
  sort: { field: Field; direction: 'asc' | 'desc' };
  onSort: (field: Field) => void;
}) {
  const { field } = column;
  const active = field !== null && sort.field === field;
  return (
    <th
      scope="col"
      className={`px-4 py-3 font-semibold ${column.className ?? ''}`}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      {field !== null ? (
        <button type="button" className="inline-flex items-center gap-1 hover:underline" onClick={() => onSort(field)}>
          {column.label}
          {active ? (
            sort.direction === 'asc' ? (
              <ArrowUp aria-hidden="true" className="size-3.5" />
            ) : (
              <ArrowDown aria-hidden="true" className="size-3.5" />
            )
          ) : null}
        </button>
      ) : (
        column.label
      )}
    </th>
  );
}
