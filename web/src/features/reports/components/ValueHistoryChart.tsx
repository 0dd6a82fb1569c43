import { Line } from '@ant-design/charts';
import dayjs from 'dayjs';
import type { ValueHistoryPoint } from '../../../api/reports';
import { formatCurrency } from '../../../lib/format';

/** Loaded lazily: @ant-design/charts is large and only the report and dashboard screens draw charts. */
export function ValueHistoryChart({ points }: { points: ValueHistoryPoint[] }) {
  return (
    <Line
      data={points}
      xField="date"
      yField="totalValue"
      height={260}
      axis={{
        // 'Nov 15' rather than '2026-11-15': full dates ran into each other on a phone.
        x: { labelAutoHide: true, labelAutoRotate: false, labelFormatter: (d: string) => dayjs(d).format('MMM D') },
        y: { labelFormatter: (v: number) => formatCurrency(v) },
      }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: (v: number) => formatCurrency(v) }] }}
    />
  );
}
