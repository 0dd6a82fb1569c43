import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select } from 'antd';
import type { ExpiryFilter, StockStatus } from '../../../api/inventory';
import { EXPIRY_FILTER_OPTIONS } from '../expiry';

export type StatusFilter = StockStatus | 'all';
export type ExpiryChoice = ExpiryFilter | 'all';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'in-stock', label: 'In Stock' },
  { value: 'low-stock', label: 'Low Stock' },
  { value: 'out-of-stock', label: 'Out of Stock' },
];

interface InventoryFiltersProps {
  search: string;
  status: StatusFilter;
  expiry: ExpiryChoice;
  onSearchChange: (search: string) => void;
  onStatusChange: (status: StatusFilter) => void;
  onExpiryChange: (expiry: ExpiryChoice) => void;
  onClear: () => void;
}

export function InventoryFilters({
  search,
  status,
  expiry,
  onSearchChange,
  onStatusChange,
  onExpiryChange,
  onClear,
}: InventoryFiltersProps) {
  return (
    <Flex gap={12} wrap style={{ marginBottom: 24 }}>
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Search by name or SKU..."
        aria-label="Search items"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        style={{ maxWidth: 400, flex: '1 1 220px' }}
      />
      <Select aria-label="Stock status" value={status} onChange={onStatusChange} options={STATUS_OPTIONS} style={{ width: 160 }} />
      <Select aria-label="Expiry" value={expiry} onChange={onExpiryChange} options={[...EXPIRY_FILTER_OPTIONS]} style={{ width: 160 }} />
      <Button icon={<ClearOutlined />} onClick={onClear}>
        Clear Filters
      </Button>
    </Flex>
  );
}
