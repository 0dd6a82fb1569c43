import { Column } from '@ant-design/charts';
import { Card, Empty } from 'antd';
import type { CategoryValue, MovementHistoryPoint } from '../../../api/reports';
import { ResponsiveGrid } from '../../../components/ResponsiveGrid';
import { formatCurrency } from '../../../lib/format';

interface DashboardChartsProps {
  categoryValues: CategoryValue[];
  movementDays: MovementHistoryPoint[];
}

const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Loaded lazily with @ant-design/charts so the dashboard's figures show before the chart library. */
export function DashboardCharts({ categoryValues, movementDays }: DashboardChartsProps) {
  const valueData = categoryValues.map((bar) => ({ category: bar.category?.name ?? 'Uncategorized', value: bar.value }));
  // One pair of bars per day, in and out, over the whole 30 days (quiet days stay as gaps).
  const movementData = movementDays.flatMap((day) => [
    { day: shortDay(day.date), kind: 'Stock in', quantity: day.stockIn },
    { day: shortDay(day.date), kind: 'Stock out', quantity: day.stockOut },
  ]);
  const anyMovement = movementDays.some((day) => day.stockIn + day.stockOut > 0);

  return (
    <ResponsiveGrid columns={{ lg: 2 }} style={{ marginTop: 16 }}>
      <div>
        <Card title="Stock Value by Category">
          {valueData.length === 0 ? (
            <Empty description="No inventory data available" />
          ) : (
            <Column
              data={valueData}
              xField="category"
              yField="value"
              height={260}
              axis={{ y: { labelFormatter: (v: number) => formatCurrency(v) } }}
            />
          )}
        </Card>
      </div>
      <div>
        <Card title="Stock Movements, Last 30 Days">
          {!anyMovement ? (
            <Empty description="No movements in the last 30 days" />
          ) : (
            <Column
              data={movementData}
              xField="day"
              yField="quantity"
              colorField="kind"
              group
              height={260}
              axis={{ x: { labelAutoHide: true } }}
            />
          )}
        </Card>
      </div>
    </ResponsiveGrid>
  );
}
