import { AppstoreOutlined, CheckSquareOutlined, PlusOutlined, TableOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Pagination, Segmented } from 'antd';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/http';
import type { Item } from '../../../api/inventory';
import type { LabelTarget } from '../../../api/labels';
import { PageHeader } from '../../../components/PageHeader';
import { formatItemCount } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useStoredState } from '../../../lib/use-stored-state';
import { PrintLabelsDialog } from '../../labels/PrintLabelsDialog';
import { useWorkspaceAccess } from '../../workspace/access';
import { AddItemDialog } from '../components/AddItemDialog';
import { EditItemDialog } from '../components/EditItemDialog';
import { FocusedItem } from '../components/FocusedItem';
import { HistoryDrawer } from '../components/HistoryDrawer';
import { InventoryEmpty } from '../components/InventoryEmpty';
import { InventoryFilters, type ExpiryChoice, type StatusFilter } from '../components/InventoryFilters';
import { ItemGrid } from '../components/ItemGrid';
import { ItemGridSkeleton } from '../components/ItemGridSkeleton';
import { DEFAULT_COLUMNS, isColumnList, type TableSort } from '../components/table-columns';
import { ReorderLevelDialog } from '../components/ReorderLevelDialog';
import { SelectionBar } from '../components/SelectionBar';
import { StockDialog } from '../components/StockDialog';
import { TransferDialog } from '../components/TransferDialog';
import { useArchiveItem, useItem, useItems, useMissingNames } from '../hooks';

// The table view and its column chooser load when first shown: the cards need neither.
const ItemTable = lazy(async () => ({ default: (await import('../components/ItemTable')).ItemTable }));
const ColumnChooser = lazy(async () => ({ default: (await import('../components/ItemTable')).ColumnChooser }));

const expiryChoiceOf = (value: string | null): ExpiryChoice => (value === 'expiring' || value === 'expired' ? value : 'all');

/** A multiple of 1, 2, 3 and 4, so every grid width ends on a full row. */
const CARDS_PAGE_SIZE = 24;
/** The table draws only the rows in view, so a page may hold up to the API's largest (MAX_ITEMS_PAGE). */
const TABLE_PAGE_SIZES = [50, 100, 500, 1000];
type ViewMode = 'cards' | 'table';
const isViewMode = (value: unknown): value is ViewMode => value === 'cards' || value === 'table';
const isTablePageSize = (value: unknown): value is number => TABLE_PAGE_SIZES.includes(value as number);

type ItemDialog = 'edit' | 'reorder' | 'stock' | 'transfer' | 'history';

/**
 * spec §2 Inventory: server-side search, status filter and paging over a card grid, plus the item
 * dialogs. `?item=<id>` (a notification's link) shows that one item instead.
 */
/** One empty list for every render without data, so the deferred cards see no change in it. */
const NO_ITEMS: Item[] = [];

export function InventoryPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const focusId = searchParams.get('item');
  const focused = useItem(focusId);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  // `?expiry=expiring` is where an expiry notification for several lots leads.
  const [expiry, setExpiry] = useState<ExpiryChoice>(() => expiryChoiceOf(searchParams.get('expiry')));
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const [locationId, setLocationId] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  // Cards or table, and the table's columns: remembered in this browser.
  const [view, setView] = useStoredState<ViewMode>('inventory.view', 'cards', isViewMode);
  const [tableColumns, setTableColumns] = useStoredState('inventory.tableColumns', DEFAULT_COLUMNS, isColumnList);
  const [tableSort, setTableSort] = useState<TableSort>({});
  const [tablePageSize, setTablePageSize] = useStoredState('inventory.tablePageSize', 100, isTablePageSize);
  const pageSize = view === 'table' ? tablePageSize : CARDS_PAGE_SIZE;
  const [adding, setAdding] = useState(false);
  // The item stays set while a dialog closes, so its title does not blank during the animation.
  const [target, setTarget] = useState<{ dialog: ItemDialog | null; item: Item | null }>({ dialog: null, item: null });
  // Selection mode (for labels): the chosen items by id, kept across pages and filters.
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlyMap<string, Item>>(new Map());
  const [labels, setLabels] = useState<{ target: LabelTarget | null; subject: string }>({ target: null, subject: '' });
  const debouncedSearch = useDebouncedValue(search.trim());
  const query = useItems({
    search: debouncedSearch || undefined,
    status: status === 'all' ? undefined : status,
    expiry: expiry === 'all' ? undefined : expiry,
    categoryId,
    locationId,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    // The cards stay newest first; the table sorts by the column header chosen.
    ...(view === 'table' ? tableSort : {}),
  });
  const archive = useArchiveItem();
  // A viewer reads and exports only: every write control is left out.
  const { canWrite } = useWorkspaceAccess();

  const items = query.data?.items ?? NO_ITEMS;
  // The cards mount in a transition, rendered in slices, not in one long task as the page arrives
  // (docs/web-performance.md); until then the skeleton stays.
  const shownItems = useDeferredValue(items);
  const cardsPending = shownItems !== items && shownItems.length === 0;
  const focusedItems = focused.data ? [focused.data] : [];
  const { locationNames, categoryNames } = useMissingNames([...focusedItems, ...items]);
  const total = query.data?.total ?? 0;
  // A search with many matches is counted only so far past the page (docs/api.md).
  const totalCapped = query.data?.totalCapped ?? false;
  const filtered = search.trim() !== '' || status !== 'all' || expiry !== 'all' || categoryId !== undefined || locationId !== undefined;
  // A page emptied by an archive or a stock change: show the last page that still has items.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (query.data && page > lastPage) setPage(lastPage);

  const open = (dialog: ItemDialog) => (item: Item) => setTarget({ dialog, item });
  const close = () => setTarget((current) => ({ ...current, dialog: null }));
  // The freshest copy of the item, so a dialog reflects movements made while it was open.
  const targetItem = [...focusedItems, ...items].find((item) => item.id === target.item?.id) ?? target.item;
  const dialogProps = (dialog: ItemDialog) => ({ open: target.dialog === dialog, item: targetItem, onClose: close });

  const confirmArchive = (item: Item) =>
    modal.confirm({
      title: `Archive ${item.name}?`,
      content: 'The item leaves the inventory list. Its stock history is kept.',
      okText: 'Archive',
      okButtonProps: { danger: true },
      onOk: () => archive.mutateAsync(item.id).catch(() => undefined),
    });

  const select = (item: Item, chosen: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (chosen) next.set(item.id, item);
      else next.delete(item.id);
      return next;
    });
  const printLabels = (chosen: Item[]) =>
    setLabels({
      target: { kind: 'items', ids: chosen.map((item) => item.id) },
      subject: chosen.length === 1 ? chosen[0].name : `${chosen.length} items`,
    });

  const showAll = () =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('item');
      return next;
    });
  const itemActions = {
    onEdit: open('edit'),
    onEditReorderLevel: open('reorder'),
    onStock: open('stock'),
    onTransfer: open('transfer'),
    onHistory: open('history'),
    onArchive: confirmArchive,
    onPrintLabels: (item: Item) => printLabels([item]),
  };
  const selection = selecting ? { ids: new Set(selected.keys()), onChange: select } : undefined;
  const grid = (shown: Item[]) => (
    <ItemGrid
      items={shown}
      locationNames={locationNames}
      categoryNames={categoryNames}
      readOnly={!canWrite}
      selection={selection}
      {...itemActions}
    />
  );
  const table = (
    <ItemTable
      items={items}
      loading={query.isFetching && query.isPlaceholderData}
      columns={tableColumns}
      sort={tableSort}
      onSortChange={(next) => {
        setTableSort(next);
        setPage(1);
      }}
      locationNames={locationNames}
      categoryNames={categoryNames}
      readOnly={!canWrite}
      selection={selection}
      {...itemActions}
    />
  );
  // The same first item stays in view: the page that holds it at the new page size.
  const pageHoldingFirstItemAt = (size: number) => Math.floor(((page - 1) * pageSize) / size) + 1;
  const changeView = (next: ViewMode) => {
    setPage(pageHoldingFirstItemAt(next === 'table' ? tablePageSize : CARDS_PAGE_SIZE));
    setView(next);
  };
  const changePage = (next: number, size: number) => {
    if (size === pageSize) return setPage(next);
    setPage(pageHoldingFirstItemAt(size));
    setTablePageSize(size);
  };

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const changeStatus = (value: StatusFilter) => {
    setStatus(value);
    setPage(1);
  };
  const changeExpiry = (value: ExpiryChoice) => {
    setExpiry(value);
    setPage(1);
  };
  const changeCategory = (value: string | undefined) => {
    setCategoryId(value);
    setPage(1);
  };
  const changeLocation = (value: string | undefined) => {
    setLocationId(value);
    setPage(1);
  };

  return (
    <>
      <PageHeader
        title="Inventory Management"
        description="Track and manage your inventory items"
        actions={
          <>
            {focusId === null && (
              <Segmented<ViewMode>
                aria-label="View"
                value={view}
                onChange={changeView}
                options={[
                  { value: 'cards', icon: <AppstoreOutlined />, label: 'Cards' },
                  { value: 'table', icon: <TableOutlined />, label: 'Table' },
                ]}
              />
            )}
            {focusId === null && !selecting && (
              <Button icon={<CheckSquareOutlined />} onClick={() => setSelecting(true)}>
                Select
              </Button>
            )}
            {canWrite && (
              <>
                <Button icon={<UploadOutlined />} onClick={() => navigate('/imports/new')}>
                  Import
                </Button>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                  Add New Item
                </Button>
              </>
            )}
          </>
        }
      />
      {focusId !== null ? (
        <FocusedItem query={focused} onShowAll={showAll}>
          {grid(focusedItems)}
        </FocusedItem>
      ) : (
        <>
          <InventoryFilters
            search={search}
            status={status}
            expiry={expiry}
            categoryId={categoryId}
            locationId={locationId}
            onSearchChange={changeSearch}
            onStatusChange={changeStatus}
            onExpiryChange={changeExpiry}
            onCategoryChange={changeCategory}
            onLocationChange={changeLocation}
            onClear={() => {
              changeSearch('');
              changeStatus('all');
              changeExpiry('all');
              changeCategory(undefined);
              changeLocation(undefined);
            }}
            extra={
              view === 'table' && (
                <Suspense fallback={null}>
                  <ColumnChooser value={tableColumns} onChange={setTableColumns} />
                </Suspense>
              )
            }
          />
          {selecting && (
            <SelectionBar
              count={selected.size}
              onSelectPage={() => setSelected((current) => new Map([...current, ...items.map((item) => [item.id, item] as const)]))}
              onClear={() => setSelected(new Map())}
              onPrintLabels={() => printLabels([...selected.values()])}
              onDone={() => {
                setSelecting(false);
                setSelected(new Map());
              }}
            />
          )}
          {query.isLoading || cardsPending ? (
            <ItemGridSkeleton count={8} />
          ) : query.isError && !query.data ? (
            <Alert
              type="error"
              showIcon
              title="Failed to load inventory items"
              description={errorMessage(query.error, query.error.message)}
              action={<Button onClick={() => void query.refetch()}>Retry</Button>}
            />
          ) : items.length === 0 && !query.isPlaceholderData ? (
            <InventoryEmpty filtered={filtered} onAdd={canWrite ? () => setAdding(true) : undefined} />
          ) : (
            <>
              {view === 'table' ? <Suspense fallback={<ItemGridSkeleton count={4} />}>{table}</Suspense> : grid(shownItems)}
              <Flex justify="center" style={{ marginTop: 24 }}>
                <Pagination
                  current={page}
                  pageSize={pageSize}
                  total={total}
                  onChange={changePage}
                  showSizeChanger={view === 'table'}
                  pageSizeOptions={TABLE_PAGE_SIZES}
                  showTotal={(count) => formatItemCount(count, totalCapped)}
                  hideOnSinglePage={false}
                  size="small"
                />
              </Flex>
            </>
          )}
        </>
      )}
      <AddItemDialog open={adding} onClose={() => setAdding(false)} />
      <EditItemDialog {...dialogProps('edit')} />
      <ReorderLevelDialog {...dialogProps('reorder')} />
      <StockDialog {...dialogProps('stock')} />
      <TransferDialog {...dialogProps('transfer')} />
      <HistoryDrawer {...dialogProps('history')} locationNames={locationNames} />
      <PrintLabelsDialog
        target={labels.target}
        subject={labels.subject}
        onClose={() => setLabels((current) => ({ ...current, target: null }))}
      />
    </>
  );
}
