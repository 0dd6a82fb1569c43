import { Card, Col, Empty, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';

interface CardGridProps<T> {
  loading: boolean;
  /** What the placeholder cards stand for, for screen readers ('Loading categories'). */
  loadingLabel: string;
  items: T[];
  keyOf: (item: T) => string;
  /** What an empty grid shows instead. */
  empty: { icon: ReactNode; description: string };
  renderCard: (item: T) => ReactNode;
}

/** A page's cards: three across on a desktop, two on a tablet, one on a phone; placeholders while loading. */
export function CardGrid<T>({ loading, loadingLabel, items, keyOf, empty, renderCard }: CardGridProps<T>) {
  if (loading) return <CardGridSkeleton count={6} label={loadingLabel} />;
  if (items.length === 0) return <Empty image={empty.icon} description={empty.description} />;
  return (
    <Row gutter={[16, 16]}>
      {items.map((item) => (
        <Col key={keyOf(item)} xs={24} sm={12} lg={8}>
          {renderCard(item)}
        </Col>
      ))}
    </Row>
  );
}

interface CardGridSkeletonProps {
  count: number;
  label: string;
}

/** Placeholder cards in the same grid as the real ones, so the page does not jump when data lands. */
function CardGridSkeleton({ count, label }: CardGridSkeletonProps) {
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
