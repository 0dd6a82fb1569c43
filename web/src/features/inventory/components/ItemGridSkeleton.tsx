import { Card, Col, Row, Skeleton } from 'antd';
import { ITEM_COLUMNS } from './ItemGrid';

/** spec §9: 8 placeholder cards, laid out like the real grid so nothing jumps when the items land. */
export function ItemGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <Row gutter={[16, 16]} aria-busy="true" aria-label="Loading inventory items" role="status">
      {Array.from({ length: count }, (_, index) => (
        <Col key={index} {...ITEM_COLUMNS} data-testid="card-skeleton">
          <Card cover={<Skeleton.Node active style={{ width: '100%', height: 140 }} />}>
            <Skeleton active title paragraph={{ rows: 3 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
