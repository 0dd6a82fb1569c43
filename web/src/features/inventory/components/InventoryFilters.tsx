import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import type { ExpiryFilter, StockStatus } from '../../../api/inventory';
import { CategorySelect } from '../../categories/components/CategorySelect';
import { LocationSelect } from '../../locations/components/LocationSelect';
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
  categoryId: string | undefined;
  locationId: string | undefined;
  onSearchChange: (search: string) => void;
  onStatusChange: (status: StatusFilter) => void;
  onExpiryChange: (expiry: ExpiryChoice) => void;
  onCategoryChange: (categoryId: string | undefined) => void;
  onLocationChange: (locationId: string | undefined) => void;
  onClear: () => void;
  /** At the row's end: the table view's column chooser. */
  extra?: ReactNode;
}

export function InventoryFilters({
  search,
  status,
  expiry,
  categoryId,
  locationId,
  onSearchChange,
  onStatusChange,
  onExpiryChange,
  onCategoryChange,
  onLocationChange,
  onClear,
  extra,
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
      {/* Searched on the server: a workspace may have thousands of places (ServerSearchSelect). */}
      <CategorySelect
        aria-label="Category filter"
        allowClear
        placeholder="Any category"
        value={categoryId}
        onChange={(value) => onCategoryChange(value ?? undefined)}
        style={{ width: 180 }}
      />
      <LocationSelect
        aria-label="Location filter"
        allowClear
        unassigned={false}
        placeholder="Any location"
        value={locationId}
        onChange={(value) => onLocationChange(value ?? undefined)}
        style={{ width: 180 }}
      />
      <Button icon={<ClearOutlined />} onClick={onClear}>
        Clear Filters
      </Button>
      {extra && <div style={{ marginInlineStart: 'auto' }}>{extra}</div>}
    </Flex>
  );
}
