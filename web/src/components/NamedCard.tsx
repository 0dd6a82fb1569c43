import { Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

interface NamedCardProps {
  testId: string;
  icon: ReactNode;
  name: string;
  /** A line under the name (a place's parent). */
  subtitle?: ReactNode;
  description: string | null;
  /** How many active items it holds. */
  itemCount: number;
  /** Tags before the item count (a place's type). */
  tags?: ReactNode;
  actions: ReactNode[] | undefined;
}

/** The card of a category or a place: icon, name, description and how many items it holds. */
export function NamedCard({ testId, icon, name, subtitle, description, itemCount, tags, actions }: NamedCardProps) {
  return (
    <Card data-testid={testId} actions={actions}>
      <Flex gap={12} align="flex-start">
        {icon}
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: name }}>
            {name}
          </Typography.Title>
          {subtitle && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {subtitle}
            </Typography.Text>
          )}
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 8px', minHeight: 44 }}>
            {description || 'No description'}
          </Typography.Paragraph>
          <Flex gap={4} wrap>
            {tags}
            <Tag color="blue">
              {itemCount} {itemCount === 1 ? 'item' : 'items'}
            </Tag>
          </Flex>
        </div>
      </Flex>
    </Card>
  );
}
