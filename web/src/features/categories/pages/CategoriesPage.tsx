import { PlusOutlined, SearchOutlined, TagsOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Input, Row } from 'antd';
import { useState } from 'react';
import type { Category } from '../../../api/categories';
import { CardGridSkeleton } from '../../../components/CardGridSkeleton';
import { PageHeader } from '../../../components/PageHeader';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useWorkspaceAccess } from '../../workspace/access';
import { CategoryCard } from '../components/CategoryCard';
import { CategoryDialog } from '../components/CategoryDialog';
import { useCategories, useDeleteCategory } from '../hooks';

/** SPEC 2 Categories: search, card grid with item counts, create/edit dialog, delete without confirmation. */
export function CategoriesPage() {
  const [search, setSearch] = useState('');
  const query = useCategories(useDebouncedValue(search));
  // A viewer sees the cards without their edit and delete buttons.
  const { canWrite } = useWorkspaceAccess();
  const remove = useDeleteCategory();
  const [dialog, setDialog] = useState<{ open: boolean; category: Category | null }>({ open: false, category: null });
  const categories = query.data ?? [];

  return (
    <>
      <PageHeader
        title="Categories"
        description="Organize your inventory items into categories"
        actions={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, category: null })}>
              Add Category
            </Button>
          )
        }
      />
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Search categories..."
        aria-label="Search categories"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ maxWidth: 400, marginBottom: 24 }}
      />
      {query.isLoading ? (
        <CardGridSkeleton count={6} label="Loading categories" />
      ) : categories.length === 0 ? (
        <Empty
          image={<TagsOutlined style={{ fontSize: 48 }} aria-hidden />}
          description={
            search.trim()
              ? 'No categories match your search'
              : canWrite
                ? 'No categories yet. Add your first category.'
                : 'No categories yet.'
          }
        />
      ) : (
        <Row gutter={[16, 16]}>
          {categories.map((category) => (
            <Col key={category.id} xs={24} sm={12} lg={8}>
              <CategoryCard
                category={category}
                deleting={remove.isPending && remove.variables === category.id}
                onEdit={(chosen) => setDialog({ open: true, category: chosen })}
                onDelete={(chosen) => remove.mutate(chosen.id)}
                readOnly={!canWrite}
              />
            </Col>
          ))}
        </Row>
      )}
      <CategoryDialog open={dialog.open} category={dialog.category} onClose={() => setDialog((current) => ({ ...current, open: false }))} />
    </>
  );
}
