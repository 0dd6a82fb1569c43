import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface SummaryCard {
  title: string;
  value: ReactNode;
  caption: string;
}

/** A row of figure cards (reports and dashboard). */
export function SummaryCards({ cards, loading }: { cards: SummaryCard[]; loading: boolean }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} sm={12} lg={24 / Math.min(cards.length, 4)}>
          <Card loading={loading}>
            <Statistic title={card.title} value={card.value as string} />
            <Typography.Text type="secondary">{card.caption}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
