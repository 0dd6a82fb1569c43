import { EditOutlined, HistoryOutlined, InboxOutlined, MoreOutlined, PrinterOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Flex, Popover, Table, Typography } from 'antd';
import type { TableColumnType, TableProps } from 'antd';
import { useLayoutEffect, useRef, type HTMLAttributes } from 'react';
import type { Item, ItemSort } from '../../../api/inventory';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatCurrency } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-media-query';
import { categoryName, placeName, type CategoryNames, type LocationNames } from '../stock';
import { ExpiryTag } from './ExpiryTag';
import { moreActionItems, type ItemActions } from './ItemCard';
import { StockBadge } from './StockBadge';
import { OPTIONAL_COLUMNS, type OptionalColumn, type TableSort } from './table-columns';

interface ItemTableProps extends ItemActions {
  items: Item[];
  loading: boolean;
  columns: OptionalColumn[];
  sort: TableSort;
  onSortChange: (sort: TableSort) => void;
  locationNames: LocationNames;
  categoryNames: CategoryNames;
  readOnly?: boolean;
  selection?: { ids: ReadonlySet<string>; onChange: (item: Item, selected: boolean) => void };
}

/**
 * antd's virtual table draws its header as a <table> and its rows as <div>s, so a screen reader
 * would hear a table of headers and loose text. One ARIA table over both: the header's own table
 * steps aside (presentation), its row and cells and the drawn rows and cells say what they are.
 */
const ariaTable: TableProps<Item>['components'] = {
  header: {
    table: (props: HTMLAttributes<HTMLTableElement>) => <table {...props} role="presentation" />,
    row: (props: HTMLAttributes<HTMLTableRowElement>) => <tr {...props} role="row" />,
    cell: (props: HTMLAttributes<HTMLTableCellElement>) => <th {...props} role="columnheader" />,
  },
  body: {
    row: (props: HTMLAttributes<HTMLDivElement>) => <div {...props} role="row" />,
    cell: (props: HTMLAttributes<HTMLDivElement>) => <div {...props} role="cell" />,
  },
};

/** Rows drawn at a time: a page of 100 scrolls inside this height without 100 rows in the DOM. */
const TABLE_HEIGHT = 560;

/**
 * The inventory as a table (the view beside the card grid): sorted on the server by name, SKU,
 * stock, price or age (ITEM_SORTS), virtualised rows, the columns one chose.
 */
export function ItemTable({
  items,
  loading,
  columns: shown,
  sort,
  onSortChange,
  locationNames,
  categoryNames,
  readOnly = false,
  selection,
  ...actions
}: ItemTableProps) {
  // On a phone, pinned name and action columns would leave no room for the others between them.
  const pinned = !useIsMobile();
  const sortable = (key: ItemSort): Pick<TableColumnType<Item>, 'sorter' | 'sortOrder' | 'sortDirections'> => ({
    sorter: true,
    sortDirections: ['ascend', 'descend'],
    sortOrder: sort.sort === key ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
  });
  const optional: Record<OptionalColumn, TableColumnType<Item>> = {
    sku: { dataIndex: 'sku', width: 140, ellipsis: true, render: (sku: string | null) => sku || '—', ...sortable('sku') },
    category: { width: 150, ellipsis: true, render: (_, item) => categoryName(item, categoryNames) ?? '—' },
    location: {
      width: 150,
      ellipsis: true,
      render: (_, item) => (item.locationId ? placeName(item.locationId, item.location?.name ?? null, locationNames) : '—'),
    },
    currentStock: { dataIndex: 'currentStock', width: 100, align: 'right', ...sortable('currentStock') },
    reorderLevel: { dataIndex: 'reorderLevel', width: 120, align: 'right' },
    status: { dataIndex: 'status', width: 130, render: (status: Item['status']) => <StockBadge status={status} /> },
    unitPrice: {
      dataIndex: 'unitPrice',
      width: 120,
      align: 'right',
      render: (price: string) => formatCurrency(price),
      ...sortable('unitPrice'),
    },
    value: { width: 130, align: 'right', render: (_, item) => formatCurrency(Number(item.unitPrice) * item.currentStock) },
    expiry: { width: 150, render: (_, item) => (item.nearestExpiry ? <ExpiryTag date={item.nearestExpiry} /> : '—') },
    createdAt: {
      dataIndex: 'createdAt',
      width: 120,
      render: (at: string) => new Date(at).toLocaleDateString(),
      ...sortable('createdAt'),
    },
  };
  const columns: TableColumnType<Item>[] = [
    {
      key: 'name',
      title: 'Name',
      dataIndex: 'name',
      width: pinned ? 220 : 160,
      fixed: pinned ? 'left' : undefined,
      ellipsis: true,
      ...sortable('name'),
      render: (name: string, item) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: name }}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {item.code}
          </Typography.Text>
        </Flex>
      ),
    },
    ...OPTIONAL_COLUMNS.filter((column) => shown.includes(column.key)).map((column) => ({
      key: column.key,
      title: column.title,
      ...optional[column.key],
    })),
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      width: readOnly ? 110 : 120,
      fixed: pinned ? 'right' : undefined,
      render: (_, item) => <RowActions item={item} readOnly={readOnly} actions={actions} />,
    },
  ];
  const width = columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

  const onChange: TableProps<Item>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = one?.columnKey as ItemSort | undefined;
    onSortChange(one?.order && key ? { sort: key, order: one.order === 'descend' ? 'desc' : 'asc' } : {});
  };

  // The table role goes on antd's own table element, inside the loading wrapper it always draws
  // (an aria-busy element that may not sit between a table and its rows).
  const wrapper = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = wrapper.current?.querySelector('.ant-table');
    element?.setAttribute('role', 'table');
    element?.setAttribute('aria-label', 'Items');
    element?.setAttribute('aria-rowcount', String(items.length + 1));
    element?.setAttribute('aria-busy', String(loading));
  });

  return (
    <div ref={wrapper} data-testid="item-table" style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 0.2s' }}>
      <Table<Item>
        components={ariaTable}
        rowKey="id"
        size="middle"
        virtual
        scroll={{ x: width, y: TABLE_HEIGHT }}
        columns={columns}
        dataSource={items}
        pagination={false}
        showSorterTooltip={false}
        onChange={onChange}
        rowSelection={
          selection && {
            selectedRowKeys: [...selection.ids],
            onSelect: (item, selected) => selection.onChange(item, selected),
            onSelectAll: (selected, _rows, changed) => changed.forEach((item) => selection.onChange(item, selected)),
            getCheckboxProps: (item) => ({ 'aria-label': `Select ${item.name}` }),
          }
        }
      />
    </div>
  );
}

function RowActions({ item, readOnly, actions }: { item: Item; readOnly: boolean; actions: ItemActions }) {
  if (readOnly)
    return (
      <Flex gap={4}>
        <Button
          size="small"
          type="text"
          icon={<HistoryOutlined />}
          onClick={() => actions.onHistory(item)}
          aria-label={`History of ${item.name}`}
        />
        <Button
          size="small"
          type="text"
          icon={<PrinterOutlined />}
          onClick={() => actions.onPrintLabels(item)}
          aria-label={`Print labels of ${item.name}`}
        />
      </Flex>
    );
  const menu = [
    { key: 'edit', icon: <EditOutlined />, label: 'Edit', onClick: () => actions.onEdit(item) },
    { key: 'reorder', icon: <EditOutlined />, label: 'Reorder level', onClick: () => actions.onEditReorderLevel(item) },
    ...moreActionItems(item, actions),
  ];
  return (
    <Flex gap={4}>
      <Button size="small" icon={<InboxOutlined />} onClick={() => actions.onStock(item)} aria-label={`Update stock of ${item.name}`}>
        Stock
      </Button>
      <Dropdown menu={{ items: menu }} trigger={['click']}>
        <Button size="small" type="text" icon={<MoreOutlined />} aria-label={`More actions for ${item.name}`} />
      </Dropdown>
    </Flex>
  );
}

/** The "Columns" button: which optional columns the table shows (remembered by the page). */
export function ColumnChooser({ value, onChange }: { value: OptionalColumn[]; onChange: (columns: OptionalColumn[]) => void }) {
  const content = (
    <Checkbox.Group
      aria-label="Columns shown"
      value={value}
      onChange={(keys) => onChange(OPTIONAL_COLUMNS.map((column) => column.key).filter((key) => keys.includes(key)))}
      style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
      options={OPTIONAL_COLUMNS.map((column) => ({ value: column.key, label: column.title }))}
    />
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title="Columns">
      <Button icon={<SettingOutlined />}>Columns</Button>
    </Popover>
  );
}
