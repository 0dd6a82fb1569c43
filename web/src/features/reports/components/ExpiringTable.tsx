import { Empty, Skeleton, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import type { ExpiringLotView } from '../../../api/inventory';
import { WideTable } from '../../../components/WideTable';
import { formatCurrency } from '../../../lib/format';
import { EXPIRY_TAG_STYLES, expiryLabel, expiryTone } from '../../inventory/expiry';

const columns = (warningDays: number | undefined): ColumnsType<ExpiringLotView> => [
  {
    title: 'Item Name',
    key: 'item',
    render: (_, lot) => <Link to={`/inventory?item=${encodeURIComponent(lot.itemId)}`}>{lot.itemName}</Link>,
  },
  { title: 'SKU', dataIndex: 'sku', key: 'sku', render: (sku: string | null) => sku ?? '—' },
  { title: 'Lot', dataIndex: 'lot', key: 'lot', render: (lot: string | null) => lot ?? '—' },
  {
    title: 'Location',
    key: 'location',
    render: (_, lot) => lot.locationName ?? (lot.locationId === null ? 'Unassigned' : '—'),
  },
  { title: 'Quantity', dataIndex: 'quantity', key: 'quantity', align: 'right' },
  { title: 'Expires On', dataIndex: 'expiresOn', key: 'expiresOn' },
  {
    title: 'Status',
    key: 'status',
    render: (_, lot) => <Tag style={EXPIRY_TAG_STYLES[expiryTone(lot.daysLeft, warningDays)]}>{expiryLabel(lot.daysLeft)}</Tag>,
  },
  { title: 'Value', dataIndex: 'value', key: 'value', align: 'right', render: (value: string) => formatCurrency(value) },
];

/** The 'Expiring' report (docs/expiry.md): lots within the warning days or past their date, earliest first. */
export function ExpiringTable({ lots, loading, warningDays }: { lots: ExpiringLotView[]; loading: boolean; warningDays?: number }) {
  if (loading) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (lots.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Typography.Text type="secondary">Nothing expires in the next {warningDays ?? 7} days, and nothing has expired.</Typography.Text>
        }
      />
    );
  }
  return (
    <WideTable<ExpiringLotView>
      label="Expiring stock table"
      minWidth={820}
      rowKey={(lot) => `${lot.itemId}:${lot.locationId}:${lot.lot}:${lot.expiresOn}`}
      columns={columns(warningDays)}
      rows={lots}
      pageSize={25}
    />
  );
}
