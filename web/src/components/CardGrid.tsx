import { Card, Empty, Flex, Pagination, Skeleton } from 'antd';
import { useRef, type ReactNode } from 'react';
import { formatCountOf } from '../lib/format';
import { CARDS_PER_PAGE } from '../lib/use-card-page';
import { ResponsiveGrid, type GridColumns } from './ResponsiveGrid';

const CARD_COLUMNS: GridColumns = { sm: 2, lg: 3 };

/** The pages of a grid that shows one page of the matches (useCardPage); no pager while one page holds them all. */
export interface CardPager {
  page: number;
  total: number;
  onChange: (page: number) => void;
  /** What the total counts: ['location', 'locations']. */
  noun: readonly [singular: string, plural: string];
}

interface CardGridProps<T> {
  loading: boolean;
  /** What the placeholder cards stand for, for screen readers ('Loading categories'). */
  loadingLabel: string;
  items: T[];
  keyOf: (item: T) => string;
  /** What an empty grid shows instead. */
  empty: { icon: ReactNode; description: string };
  renderCard: (item: T) => ReactNode;
  pager?: CardPager;
}

/** A page's cards: three across on a desktop, two on a tablet, one on a phone; placeholders while loading. */
export function CardGrid<T>({ loading, loadingLabel, items, keyOf, empty, renderCard, pager }: CardGridProps<T>) {
  const top = useRef<HTMLDivElement>(null);
  if (loading) return <CardGridSkeleton count={6} label={loadingLabel} />;
  if (items.length === 0) return <Empty image={empty.icon} description={empty.description} />;
  // The pager sits below the last card: a new page starts reading from its first.
  const turnTo = (page: number) => {
    pager?.onChange(page);
    top.current?.scrollIntoView({ block: 'start' });
  };
  return (
    <>
      <ResponsiveGrid ref={top} columns={CARD_COLUMNS} style={{ scrollMarginTop: 80 }}>
        {items.map((item) => (
          <div key={keyOf(item)}>{renderCard(item)}</div>
        ))}
      </ResponsiveGrid>
      {pager && pager.total > CARDS_PER_PAGE && (
        <Flex justify="center" style={{ marginTop: 24 }}>
          <Pagination
            current={pager.page}
            pageSize={CARDS_PER_PAGE}
            total={pager.total}
            onChange={turnTo}
            showSizeChanger={false}
            showTotal={(count) => formatCountOf(count, ...pager.noun)}
            size="small"
          />
        </Flex>
      )}
    </>
  );
}

interface CardGridSkeletonProps {
  count: number;
  label: string;
}

/** Placeholder cards in the same grid as the real ones, so the page does not jump when data lands. */
function CardGridSkeleton({ count, label }: CardGridSkeletonProps) {
  return (
    <ResponsiveGrid columns={CARD_COLUMNS} aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-testid="card-skeleton">
          <Card>
            <Skeleton active title paragraph={{ rows: 2 }} />
          </Card>
        </div>
      ))}
    </ResponsiveGrid>
  );
}
