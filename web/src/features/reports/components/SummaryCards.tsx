import { Card, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ResponsiveGrid } from '../../../components/ResponsiveGrid';

export interface SummaryCard {
  title: string;
  value: ReactNode;
  caption: string;
}

/** A row of figure cards (reports and dashboard). */
export function SummaryCards({ cards, loading }: { cards: SummaryCard[]; loading: boolean }) {
  return (
    <ResponsiveGrid columns={{ sm: 2, lg: Math.min(cards.length, 4) }} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <div key={card.title}>
          <Card loading={loading}>
            <Statistic title={card.title} value={card.value as string} />
            <Typography.Text type="secondary">{card.caption}</Typography.Text>
          </Card>
        </div>
      ))}
    </ResponsiveGrid>
  );
}
