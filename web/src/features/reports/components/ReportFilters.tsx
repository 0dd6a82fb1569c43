import { Button, Card, DatePicker, Flex, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReportRange, ReportType } from '../../../api/reports';

export interface ReportFilterValues {
  range: ReportRange;
  type: ReportType;
  custom: [Dayjs, Dayjs] | null;
  asOf: Dayjs | null;
}

const RANGE_OPTIONS: { value: ReportRange; label: string }[] = [
  { value: '7days', label: 'Last 7 days' },
  { value: '30days', label: 'Last 30 days' },
  { value: '90days', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom Range' },
];

const TYPE_OPTIONS: { value: ReportType; label: string }[] = [
  { value: 'inventory', label: 'Inventory Summary' },
  { value: 'low-stock', label: 'Low Stock Report' },
  { value: 'value', label: 'Inventory Value' },
  { value: 'movement', label: 'Stock Movement' },
];

interface ReportFiltersProps {
  values: ReportFilterValues;
  onChange: (values: ReportFilterValues) => void;
  onGenerate: () => void;
}

/** Unlike SPEC's inert filters these query the reporting API (issue 7: "filters that work"). */
export function ReportFilters({ values, onChange, onGenerate }: ReportFiltersProps) {
  const set = (patch: Partial<ReportFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Card title="Report Filters" style={{ marginBottom: 16 }}>
      <Flex gap={16} wrap align="flex-end">
        <label>
          <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>Date Range</Typography.Text>
          <Select aria-label="Date Range" value={values.range} options={RANGE_OPTIONS} style={{ width: 180 }} onChange={(range) => set({ range })} />
        </label>
        {values.range === 'custom' && (
          <DatePicker.RangePicker
            aria-label="Custom range"
            value={values.custom}
            onChange={(dates) => set({ custom: dates?.[0] && dates[1] ? [dates[0], dates[1]] : null })}
          />
        )}
        <label>
          <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>Report Type</Typography.Text>
          <Select aria-label="Report Type" value={values.type} options={TYPE_OPTIONS} style={{ width: 200 }} onChange={(type) => set({ type })} />
        </label>
        {values.type !== 'movement' && (
          <label>
            <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>As of date</Typography.Text>
            <DatePicker aria-label="As of date" value={values.asOf} onChange={(asOf) => set({ asOf })} placeholder="Now" />
          </label>
        )}
        <Button onClick={onGenerate}>Generate</Button>
      </Flex>
    </Card>
  );
}
