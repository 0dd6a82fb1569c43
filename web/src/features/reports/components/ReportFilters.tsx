import { Button, Card, DatePicker, Flex, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import type { ReportRange, ReportType } from '../../../api/reports';
import { useIsMobile } from '../../../lib/use-media-query';

/** The reporting service's types, and 'expiring' (inventory's lots: docs/expiry.md). */
export type ReportScreenType = ReportType | 'expiring';

export interface ReportFilterValues {
  range: ReportRange;
  type: ReportScreenType;
  custom: [Dayjs, Dayjs] | null;
  asOf: Dayjs | null;
}

const RANGE_OPTIONS: { value: ReportRange; label: string }[] = [
  { value: '7days', label: 'Last 7 days' },
  { value: '30days', label: 'Last 30 days' },
  { value: '90days', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom Range' },
];

/** The table's title for each report type (spec §2 names the default one 'Inventory Summary Report'). */
export const REPORT_TITLES: Record<ReportScreenType, string> = {
  inventory: 'Inventory Summary Report',
  'low-stock': 'Low Stock Report',
  value: 'Inventory Value Report',
  movement: 'Stock Movement Report',
  expiring: 'Expiring Stock Report',
};

const TYPE_OPTIONS: { value: ReportScreenType; label: string }[] = [
  { value: 'inventory', label: 'Inventory Summary' },
  { value: 'low-stock', label: 'Low Stock Report' },
  { value: 'value', label: 'Inventory Value' },
  { value: 'movement', label: 'Stock Movement' },
  { value: 'expiring', label: 'Expiring' },
];

// Explicit ids: the visible label names the combobox, and through it the Select's option list
// (lib/select-listbox-names.ts), without a second, hidden copy of the label text.
const FIELD_IDS = { range: 'report-range', type: 'report-type', asOf: 'report-as-of' } as const;

function Field({ id, label, fullWidth, children }: { id: string; label: string; fullWidth: boolean; children: ReactNode }) {
  return (
    <div style={fullWidth ? { width: '100%' } : undefined}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        <Typography.Text strong>{label}</Typography.Text>
      </label>
      {children}
    </div>
  );
}

interface ReportFiltersProps {
  values: ReportFilterValues;
  onChange: (values: ReportFilterValues) => void;
  onGenerate: () => void;
}

/** Unlike the spec's inert filters these query the reporting API (docs/reports.md). */
export function ReportFilters({ values, onChange, onGenerate }: ReportFiltersProps) {
  const set = (patch: Partial<ReportFilterValues>) => onChange({ ...values, ...patch });
  // On a phone each filter takes the whole row instead of ragged fixed widths.
  const isMobile = useIsMobile();
  const width = (desktop: number) => (isMobile ? '100%' : desktop);
  return (
    <Card title="Report Filters" style={{ marginBottom: 16 }}>
      <Flex gap={16} wrap align="flex-end">
        <Field id={FIELD_IDS.range} label="Date Range" fullWidth={isMobile}>
          <Select
            id={FIELD_IDS.range}
            value={values.range}
            options={RANGE_OPTIONS}
            style={{ width: width(180) }}
            onChange={(range) => set({ range })}
          />
        </Field>
        {values.range === 'custom' && (
          <DatePicker.RangePicker
            aria-label="Custom range"
            style={isMobile ? { width: '100%' } : undefined}
            value={values.custom}
            onChange={(dates) => set({ custom: dates?.[0] && dates[1] ? [dates[0], dates[1]] : null })}
          />
        )}
        <Field id={FIELD_IDS.type} label="Report Type" fullWidth={isMobile}>
          <Select
            id={FIELD_IDS.type}
            value={values.type}
            options={TYPE_OPTIONS}
            style={{ width: width(200) }}
            onChange={(type) => set({ type })}
          />
        </Field>
        {values.type !== 'movement' && values.type !== 'expiring' && (
          <Field id={FIELD_IDS.asOf} label="As of date" fullWidth={isMobile}>
            <DatePicker
              id={FIELD_IDS.asOf}
              value={values.asOf}
              onChange={(asOf) => set({ asOf })}
              placeholder="Now"
              style={isMobile ? { width: '100%' } : undefined}
            />
          </Field>
        )}
        <Button onClick={onGenerate} block={isMobile}>
          Generate
        </Button>
      </Flex>
    </Card>
  );
}
