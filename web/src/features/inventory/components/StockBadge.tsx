import { Tag } from 'antd';
import type { StockStatus } from '../../../api/inventory';
import { STOCK_STATUS_LABELS } from '../../../lib/format';

// spec §4 badge variants destructive / secondary / default, in the AA-contrast shades the report uses.
const STATUS_STYLE: Record<StockStatus, { color: string; background: string }> = {
  'out-of-stock': { color: '#fff', background: '#dc2626' },
  'low-stock': { color: '#374151', background: '#f3f4f6' },
  'in-stock': { color: '#fff', background: '#2563eb' },
};

export function StockBadge({ status }: { status: StockStatus }) {
  return (
    <Tag data-testid="stock-badge" style={{ ...STATUS_STYLE[status], borderColor: 'transparent', marginInlineEnd: 0 }}>
      {STOCK_STATUS_LABELS[status]}
    </Tag>
  );
}
