import { Line } from '@ant-design/charts';
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
        x: { labelAutoHide: true, labelAutoRotate: false },
        y: { labelFormatter: (v: number) => formatCurrency(v) },
      }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: (v: number) => formatCurrency(v) }] }}
    />
  );
}
