import { Empty, Flex, Pagination, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ScrollRegion } from '../../../components/ScrollRegion';
import type { ReportRow, ReportSort, SortOrder } from '../../../api/reports';
import { STOCK_STATUS_LABELS, formatCurrency, type StockStatus } from '../../../lib/format';

// spec §4 badge variants (destructive / secondary / default), in AA-contrast shades.
const STATUS_STYLE: Record<StockStatus, { color: string; background: string }> = {
  'out-of-stock': { color: '#fff', background: '#dc2626' },
  'low-stock': { color: '#374151', background: '#f3f4f6' },
  'in-stock': { color: '#fff', background: '#2563eb' },
};

/** The status the API sends (the stock rule lives in contracts, applied by the service). */
export function StatusBadge({ row: { status } }: { row: Pick<ReportRow, 'status'> }) {
  return <Tag style={{ ...STATUS_STYLE[status], borderColor: 'transparent' }}>{STOCK_STATUS_LABELS[status]}</Tag>;
}

const columns: ColumnsType<ReportRow> = [
  { title: 'Item Name', dataIndex: 'name', key: 'name' },
  { title: 'SKU', dataIndex: 'sku', key: 'sku', render: (sku: string | null) => sku ?? '—' },
  { title: 'Current Stock', dataIndex: 'currentStock', key: 'currentStock', align: 'right' },
  { title: 'Reorder Level', dataIndex: 'reorderLevel', key: 'reorderLevel', align: 'right' },
  { title: 'Unit Price', dataIndex: 'unitPrice', key: 'unitPrice', align: 'right', render: (v: string) => formatCurrency(v) },
  { title: 'Total Value', dataIndex: 'totalValue', key: 'totalValue', align: 'right', render: (v: number) => formatCurrency(v) },
  { title: 'Status', key: 'status', render: (_, row) => <StatusBadge row={row} /> },
];

/** Which page, how large, and the order: all kept by the server (docs/reports.md). */
export interface ReportTableState {
  page: number;
  pageSize: number;
  sort?: ReportSort;
  order?: SortOrder;
}

interface ReportTableProps {
  rows: ReportRow[];
  total: number;
  loading: boolean;
  /** A new page or order is on its way (the rows shown are the previous ones). */
  fetching: boolean;
  state: ReportTableState;
  onChange: (state: ReportTableState) => void;
  /** The search the rows were found by, if any: an empty answer then says that nothing matched. */
  search?: string;
}

export function ReportTable({ rows, total, loading, fetching, state, onChange, search }: ReportTableProps) {
  if (loading) {
    return (
      <div aria-busy="true" role="status" aria-label="Loading report">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton.Input key={i} active block style={{ height: 32, marginBottom: 12 }} data-testid="report-skeleton" />
        ))}
      </div>
    );
  }
  if (total === 0) {
    // Outside the sideways-scrolling box: inside it the message sat centred in 760 px, off a phone screen.
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Typography.Text type="secondary">{search ? `No items match “${search}”` : 'No inventory data available'}</Typography.Text>
        }
      />
    );
  }
  const sortable = columns.map((column) => ({
    ...column,
    sorter: true,
    sortOrder: state.sort === column.key ? (state.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
  }));
  return (
    <>
      <ScrollRegion label="Inventory report table" minWidth={760}>
        <Table<ReportRow>
          rowKey="id"
          columns={sortable}
          dataSource={rows}
          loading={fetching}
          pagination={false}
          onChange={(_pagination, _filters, sorter) => {
            const single = Array.isArray(sorter) ? sorter[0] : sorter;
            const sort = single?.order ? (single.columnKey as ReportSort) : undefined;
            const order = single?.order === 'descend' ? 'desc' : single?.order === 'ascend' ? 'asc' : undefined;
            // A new order starts at its first page.
            if (sort !== state.sort || order !== state.order) onChange({ ...state, page: 1, sort, order });
          }}
        />
      </ScrollRegion>
      {/* Outside the sideways-scrolling box, as the empty state: inside it the pager sat at the right
          end of 760 px, off a phone's screen. */}
      {total > state.pageSize && (
        <Flex justify="end" style={{ marginTop: 16 }}>
          <Pagination
            current={state.page}
            pageSize={state.pageSize}
            total={total}
            showSizeChanger
            pageSizeOptions={[25, 50, 100]}
            showTotal={(count, [first, last]) => `${first}–${last} of ${count.toLocaleString('en-US')}`}
            // A new page size keeps the first row in view (antd works out its page).
            onChange={(page, pageSize) => onChange({ ...state, page, pageSize })}
          />
        </Flex>
      )}
    </>
  );
}
