import type { CountTotals as Totals } from '../../../api/counts';
import { Card, Col, Row, Statistic } from 'antd';
import { formatCurrency } from '../../../lib/format';
import { signed } from '../format';

/** Counted of the items, how many differ, the net difference in units and in value. */
export function CountTotals({ totals }: { totals: Totals }) {
  const stats = [
    { title: 'Counted', value: `${totals.counted} / ${totals.items}` },
    { title: 'With variance', value: String(totals.withVariance) },
    { title: 'Net variance', value: signed(totals.netVariance) },
    { title: 'Variance value', value: formatCurrency(totals.varianceValue) },
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {stats.map((stat) => (
        <Col key={stat.title} xs={12} md={6}>
          <Card size="small">
            <Statistic title={stat.title} value={stat.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
