import { PlusOutlined, SearchOutlined, TagsOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState } from 'react';
import type { Category } from '../../../api/categories';
import { CardGrid } from '../../../components/CardGrid';
import { PageHeader } from '../../../components/PageHeader';
import { useCardPage } from '../../../lib/use-card-page';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useWorkspaceAccess } from '../../workspace/access';
import { CategoryCard } from '../components/CategoryCard';
import { CategoryDialog } from '../components/CategoryDialog';
import { useCategories, useDeleteCategory } from '../hooks';

/**
 * spec §2 Categories: search, card grid with item counts, create/edit dialog, delete without
 * confirmation. A large catalogue's cards come a page at a time (CARDS_PER_PAGE), paged on the server.
 */
export function CategoriesPage() {
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search);
  const { page, setPage, keepWithin } = useCardPage(searched.trim());
  const query = useCategories(searched, page);
  // A viewer sees the cards without their edit and delete buttons.
  const { canWrite } = useWorkspaceAccess();
  const remove = useDeleteCategory();
  const [dialog, setDialog] = useState<{ open: boolean; category: Category | null }>({ open: false, category: null });
  const categories = query.data?.items ?? [];
  if (query.data) keepWithin(query.data.total);

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
      <CardGrid
        loading={query.isLoading}
        loadingLabel="Loading categories"
        items={categories}
        keyOf={(category) => category.id}
        empty={{
          icon: <TagsOutlined style={{ fontSize: 48 }} aria-hidden />,
          description: search.trim()
            ? 'No categories match your search'
            : canWrite
              ? 'No categories yet. Add your first category.'
              : 'No categories yet.',
        }}
        renderCard={(category) => (
          <CategoryCard
            category={category}
            deleting={remove.isPending && remove.variables === category.id}
            onEdit={(chosen) => setDialog({ open: true, category: chosen })}
            onDelete={(chosen) => remove.mutate(chosen.id)}
            readOnly={!canWrite}
          />
        )}
        pager={query.data && { page, total: query.data.total, onChange: setPage, noun: ['category', 'categories'] }}
      />
      <CategoryDialog open={dialog.open} category={dialog.category} onClose={() => setDialog((current) => ({ ...current, open: false }))} />
    </>
  );
}
