import { useRouterState } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { SortSelect, type SortOption } from './sort-select';

type SearchBoxProps = Parameters<typeof SearchBox>[0];

/**
 * A searched and sorted list's toolbar: the search box, and the sort where the list is cards. Typing replaces the
 * history entry; anything else moves to another one (a push, Back, Forward, a link), and then the box starts again from
 * the URL's text. The resolved location, not the location: it changes once the page's search has, so the box never
 * starts from the old text.
 */
export function ListToolbar<Field extends string>({
  search,
  sortOptions,
  state,
  show,
}: {
  search: Omit<SearchBoxProps, 'initial' | 'onSearch'>;
  sortOptions: readonly SortOption<Field>[];
  /** The list's state in the URL (lib/table-search.ts). */
  state: { search: string; sort: { field: Field; direction: 'asc' | 'desc' } };
  /** Shows another state; `replace` replaces the history entry, as typing does. */
  show: (next: { search?: string; sort?: { field: Field; direction: 'asc' | 'desc' } }, options?: { replace?: boolean }) => void;
}) {
  const historyEntry = useRouterState({ select: (router) => router.resolvedLocation?.state.__TSR_index });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchBox key={historyEntry} {...search} initial={state.search} onSearch={(text) => show({ search: text }, { replace: true })} />
      <SortSelect options={sortOptions} sort={state.sort} onSort={(sort) => show({ sort })} />
    </div>
  );
}

/**
 * A list's search box. It keeps the text as typed (spaces included, which the URL trims away) and hands each change to
 * `onSearch`; ListToolbar remounts it with the URL's text when the history entry changes.
 */
export function SearchBox({
  id,
  label,
  placeholder,
  maxLength,
  initial,
  onSearch,
}: {
  id: string;
  /** The box's accessible name, read by screen readers only: the placeholder is shorter. */
  label: string;
  placeholder: string;
  maxLength: number;
  initial: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  return (
    <div className="relative w-full max-w-md">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(event) => {
          setText(event.target.value);
          onSearch(event.target.value);
        }}
        className="w-full rounded-full border border-slate-300 bg-white py-2 pr-4 pl-9 text-slate-900"
      />
    </div>
  );
}
