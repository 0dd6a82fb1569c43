import { Column } from '@ant-design/charts';
import { Card, Col, Empty, Row } from 'antd';
import type { ReportRow } from '../../../api/reports';
import { formatCurrency } from '../../../lib/format';

interface DashboardChartsProps {
  valueRows: ReportRow[];
  movementRows: ReportRow[];
}

/** Loaded lazily with @ant-design/charts so the dashboard's figures show before the chart library. */
export function DashboardCharts({ valueRows, movementRows }: DashboardChartsProps) {
  const byCategory = new Map<string, number>();
  for (const row of valueRows) {
    const name = row.category?.name ?? 'Uncategorized';
    byCategory.set(name, (byCategory.get(name) ?? 0) + row.totalValue);
  }
  const valueData = [...byCategory].map(([category, value]) => ({ category, value: Math.round(value * 100) / 100 }));
  const movementData = movementRows.flatMap((row) =>
    row.movements
      ? [
          { item: row.name, kind: 'Stock in', quantity: row.movements.stockIn },
          { item: row.name, kind: 'Stock out', quantity: row.movements.stockOut },
        ]
      : [],
  );

  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} lg={12}>
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
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Stock Movements, Last 30 Days">
          {movementData.length === 0 ? (
            <Empty description="No movements in the last 30 days" />
          ) : (
            <Column data={movementData} xField="item" yField="quantity" colorField="kind" group height={260} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
