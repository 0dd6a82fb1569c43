import { TagsOutlined } from '@ant-design/icons';
import { Card, Flex, Tag, Typography } from 'antd';
import { editDeleteActions } from '../../../components/EditDeleteActions';
import type { Category } from '../../../api/categories';

interface CategoryCardProps {
  category: Category;
  deleting: boolean;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
  /** A viewer's card: no edit or delete. */
  readOnly?: boolean;
}

export function CategoryCard({ category, deleting, onEdit, onDelete, readOnly = false }: CategoryCardProps) {
  return (
    <Card data-testid="category-card" actions={editDeleteActions(category, { deleting, onEdit, onDelete, readOnly })}>
      <Flex gap={12} align="flex-start">
        <TagsOutlined style={{ fontSize: 24, marginTop: 4 }} aria-hidden />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: category.name }}>
            {category.name}
          </Typography.Title>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 8px', minHeight: 44 }}>
            {category.description || 'No description'}
          </Typography.Paragraph>
          <Tag color="blue">
            {category.itemCount} {category.itemCount === 1 ? 'item' : 'items'}
          </Tag>
        </div>
      </Flex>
    </Card>
  );
}
