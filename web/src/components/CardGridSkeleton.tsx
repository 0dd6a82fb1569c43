import { Card, Col, Row, Skeleton } from 'antd';

interface CardGridSkeletonProps {
  count: number;
  label: string;
}

/** Placeholder cards in the same grid as the real ones, so the page does not jump when data lands. */
export function CardGridSkeleton({ count, label }: CardGridSkeletonProps) {
  return (
    <Row gutter={[16, 16]} aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: count }, (_, index) => (
        <Col key={index} xs={24} sm={12} lg={8} data-testid="card-skeleton">
          <Card>
            <Skeleton active title paragraph={{ rows: 2 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
