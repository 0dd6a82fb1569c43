import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Select, Typography, type SelectProps } from 'antd';
import { useState, type ReactElement } from 'react';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** Matches a picker shows; it asks for one more to know whether to say "more match". */
export const PICKER_SIZE = 50;

export interface Choice {
  value: string;
  label: string;
}

export interface ServerSearchSelectProps extends Omit<
  SelectProps<string>,
  'options' | 'showSearch' | 'filterOption' | 'onSearch' | 'loading' | 'labelRender' | 'popupRender' | 'onOpenChange'
> {
  /** What the list is of, for its hints: "places", "categories". */
  noun: string;
  /** Shown for a chosen value the server no longer knows (deleted meanwhile). */
  unknownLabel: string;
  /** The query of the matches for a typed text: its key and how to fetch PICKER_SIZE + 1 of them. */
  matches: (search: string) => { queryKey: QueryKey; queryFn: () => Promise<Choice[]> };
  /** The label of a chosen value that is not among the options shown (a place picked long ago). */
  chosen: (value: string) => { queryKey: QueryKey; queryFn: () => Promise<Choice> };
  /** Offered before the matches, whatever the server has: the unassigned bucket, an item's own places. */
  pinned?: Choice[];
  /** Values never offered (a transfer's source, as its destination). */
  exclude?: readonly string[];
}

/**
 * A Select over a list that may be long (thousands of places): nothing loads until it opens, then
 * the first PICKER_SIZE matches by name for what is typed, searched on the server (docs/reports.md,
 * "At scale"). A chosen value outside the matches is looked up by itself, so its name still shows.
 */
export function ServerSearchSelect({
  noun,
  unknownLabel,
  matches,
  chosen,
  pinned = [],
  exclude = [],
  value,
  ...props
}: ServerSearchSelectProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search.trim());
  const found = useQuery({ ...matches(typed), enabled: open, placeholderData: keepPreviousData, staleTime: 30_000 });
  const shownPinned = pinned.filter((choice) => choice.label.toLowerCase().includes(typed.toLowerCase()));
  const options = [...shownPinned, ...(found.data ?? []).slice(0, PICKER_SIZE)]
    .filter((choice, index, all) => all.findIndex((other) => other.value === choice.value) === index)
    .filter((choice) => !exclude.includes(choice.value));
  const unknown = value !== undefined && value !== null && ![...pinned, ...(found.data ?? [])].some((choice) => choice.value === value);
  const label = useQuery({ ...chosen(value ?? ''), enabled: unknown, staleTime: 60_000 });
  if (unknown && label.data) options.push(label.data);
  const more = (found.data?.length ?? 0) > PICKER_SIZE;

  return (
    <Select<string>
      {...props}
      value={value}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={found.isFetching}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      labelRender={({ value: shown }) =>
        options.find((choice) => choice.value === shown)?.label ?? (label.isError ? unknownLabel : 'Loading…')
      }
      notFoundContent={found.isFetching ? 'Searching…' : `No ${noun} match`}
      popupRender={(menu) => withMoreHint(menu, more, noun)}
    />
  );
}

/** A picker's list, and below it, when the server has more matches than it shows, the hint to type. */
export function withMoreHint(menu: ReactElement, more: boolean, noun: string): ReactElement {
  return (
    <>
      {menu}
      {more && (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '6px 12px', fontSize: 12 }}>
          More {noun} match: type to narrow the list.
        </Typography.Text>
      )}
    </>
  );
}
