import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useState } from 'react';
import { getLocation, getLocationLevel, listLocations, LOCATION_ROOT, type LocationTreeNode } from '../../../api/locations';
import { queryKeys } from '../../../api/query-keys';
import { PICKER_SIZE, withMoreHint } from '../../../components/ServerSearchSelect';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

interface ParentLocationPickerProps {
  /** Set by Form.Item: the parent's id, or null for the top level. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  /** The place being edited: it and everything below it cannot be its parent (the server refuses a cycle). */
  editingId?: string;
}

interface TreeOption {
  value: string;
  title: string;
  disabled: boolean;
  isLeaf: boolean;
  children?: TreeOption[];
}

const titleOf = (node: { name: string; type: string }) => `${node.name} (${node.type})`;

/**
 * The parent of a place, as a tree that opens branch by branch: the top level when it opens, a
 * branch's places when it is expanded (GET /api/locations?tree=true&parentId). Typing searches every
 * place on the server instead (the first PICKER_SIZE by name). The chosen parent's name is looked up
 * by its id when its branch is not open. Thousands of places load no faster or slower than ten
 * (docs/reports.md, "At scale").
 */
export function ParentLocationPicker({ value, onChange, id, editingId }: ParentLocationPickerProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search.trim());
  // The branches opened so far, the top level first.
  const [opened, setOpened] = useState<string[]>([LOCATION_ROOT]);
  const levelQuery = (parentId: string) => ({ queryKey: queryKeys.locations.level(parentId), queryFn: () => getLocationLevel(parentId) });
  const levels = useQueries({
    queries: opened.map((parentId) => ({ ...levelQuery(parentId), enabled: open })),
    combine: (results) => results.map((result) => result.data),
  });
  const childrenOf = new Map(opened.map((parentId, i) => [parentId, levels[i]] as const));
  const matches = useQuery({
    queryKey: queryKeys.locations.parentMatches(typed),
    queryFn: async () => (await listLocations({ search: typed, limit: PICKER_SIZE + 1 })).items,
    enabled: open && typed !== '',
    placeholderData: keepPreviousData,
  });

  // A branch's places, disabled below the place being edited.
  const toOptions = (nodes: LocationTreeNode[], insideEdited: boolean): TreeOption[] =>
    nodes.map((node) => {
      const disabled = insideEdited || node.id === editingId;
      const children = childrenOf.get(node.id);
      return {
        value: node.id,
        title: titleOf(node),
        disabled,
        isLeaf: !node.hasChildren,
        ...(children ? { children: toOptions(children, disabled) } : {}),
      };
    });
  const found = (matches.data ?? []).slice(0, PICKER_SIZE);
  const treeData: TreeOption[] =
    typed !== ''
      ? found.map((place) => ({ value: place.id, title: titleOf(place), disabled: place.id === editingId, isLeaf: true }))
      : toOptions(childrenOf.get(LOCATION_ROOT) ?? [], false);

  // The chosen parent's name, from the options shown or else looked up by its id.
  const findTitle = (options: TreeOption[]): string | undefined => {
    for (const option of options) {
      if (option.value === value) return option.title;
      const below = option.children && findTitle(option.children);
      if (below) return below;
    }
    return undefined;
  };
  const shownTitle = value ? findTitle(treeData) : undefined;
  const chosen = useQuery({
    queryKey: queryKeys.locations.detail(value ?? ''),
    queryFn: () => getLocation(value!),
    enabled: Boolean(value) && shownTitle === undefined,
    staleTime: 60_000,
  });
  const label = shownTitle ?? (chosen.data ? titleOf(chosen.data) : chosen.isError ? 'Unknown location' : 'Loading…');
  const more = typed !== '' && (matches.data?.length ?? 0) > PICKER_SIZE;

  return (
    <TreeSelect<{ value: string; label: string } | undefined>
      id={id}
      allowClear
      labelInValue
      placeholder="None (top level)"
      value={value ? { value, label } : undefined}
      onChange={(next) => onChange?.(next?.value ?? null)}
      treeData={treeData}
      loadData={async (node) => {
        const parentId = String(node.value);
        setOpened((current) => (current.includes(parentId) ? current : [...current, parentId]));
        await queryClient.fetchQuery(levelQuery(parentId));
      }}
      showSearch={{ searchValue: search, onSearch: setSearch, filterTreeNode: false }}
      loading={open && (levels[0] === undefined || matches.isFetching)}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      notFoundContent={matches.isFetching ? 'Searching…' : 'No places match'}
      popupRender={(menu) => withMoreHint(menu, more, 'places')}
    />
  );
}
