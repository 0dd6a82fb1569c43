import { Form, Input } from 'antd';
import type { Category, CategoryInput } from '../../../api/categories';
import { EditDialog } from '../../../components/EditDialog';
import { useCreateCategory, useUpdateCategory } from '../hooks';

interface CategoryDialogProps {
  open: boolean;
  /** Edit mode when given, create mode otherwise. */
  category: Category | null;
  onClose: () => void;
}

interface CategoryFormValues {
  name: string;
  description?: string;
}

export function CategoryDialog({ open, category, onClose }: CategoryDialogProps) {
  return (
    <EditDialog<CategoryFormValues, CategoryInput>
      open={open}
      noun="Category"
      editingId={category?.id ?? null}
      initialValues={{ name: category?.name ?? '', description: category?.description ?? '' }}
      toBody={(values) => ({ name: values.name.trim(), description: values.description?.trim() || null })}
      create={useCreateCategory()}
      update={useUpdateCategory()}
      onClose={onClose}
    >
      <Form.Item
        label="Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: 'Category name is required' },
          { max: 100, message: 'Category name must be at most 100 characters' },
        ]}
      >
        <Input placeholder="e.g. Electronics" autoFocus />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} placeholder="Optional description" maxLength={1000} />
      </Form.Item>
    </EditDialog>
  );
}
