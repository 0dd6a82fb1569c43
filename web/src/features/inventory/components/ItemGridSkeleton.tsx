import { Card, Skeleton } from 'antd';
import { ResponsiveGrid } from '../../../components/ResponsiveGrid';
import { ITEM_COLUMNS } from './ItemGrid';

/** spec §9: 8 placeholder cards, laid out like the real grid so nothing jumps when the items land. */
export function ItemGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ResponsiveGrid columns={ITEM_COLUMNS} aria-busy="true" aria-label="Loading inventory items" role="status">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-testid="card-skeleton">
          <Card cover={<Skeleton.Node active style={{ width: '100%', height: 140 }} />}>
            <Skeleton active title paragraph={{ rows: 3 }} />
          </Card>
        </div>
      ))}
    </ResponsiveGrid>
  );
}
