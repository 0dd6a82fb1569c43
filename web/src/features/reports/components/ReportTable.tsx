import { Empty, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ScrollRegion } from '../../../components/ScrollRegion';
import type { ReportRow } from '../../../api/reports';
import { STOCK_STATUS_LABELS, formatCurrency, type StockStatus } from '../../../lib/format';

// SPEC 4 badge variants (destructive / secondary / default), in AA-contrast shades.
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

export function ReportTable({ rows, loading }: { rows: ReportRow[]; loading: boolean }) {
  if (loading) {
    return (
      <div aria-busy="true" role="status" aria-label="Loading report">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton.Input key={i} active block style={{ height: 32, marginBottom: 12 }} data-testid="report-skeleton" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) {
    // Outside the sideways-scrolling box: inside it the message sat centred in 760 px, off a phone screen.
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<Typography.Text type="secondary">No inventory data available</Typography.Text>}
      />
    );
  }
  return (
    <ScrollRegion label="Inventory report table" minWidth={760}>
      <Table<ReportRow> rowKey="id" columns={columns} dataSource={rows} pagination={{ pageSize: 25, hideOnSinglePage: true }} />
    </ScrollRegion>
  );
}
