import { TagsOutlined } from '@ant-design/icons';
import type { Category } from '../../../api/categories';
import { editDeleteActions } from '../../../components/EditDeleteActions';
import { NamedCard } from '../../../components/NamedCard';

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
    <NamedCard
      testId="category-card"
      icon={<TagsOutlined style={{ fontSize: 24, marginTop: 4 }} aria-hidden />}
      name={category.name}
      description={category.description}
      itemCount={category.itemCount}
      actions={editDeleteActions(category, { deleting, onEdit, onDelete, readOnly })}
    />
  );
}
