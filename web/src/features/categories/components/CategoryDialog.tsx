import { Alert, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import type { Category } from '../../../api/categories';
import { errorMessage } from '../../../api/http';
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
  const [form] = Form.useForm<CategoryFormValues>();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    create.reset();
    update.reset();
    form.setFieldsValue({ name: category?.name ?? '', description: category?.description ?? '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open, category]);

  async function onFinish(values: CategoryFormValues) {
    const body = { name: values.name.trim(), description: values.description?.trim() || null };
    try {
      if (category) await update.mutateAsync({ id: category.id, ...body });
      else await create.mutateAsync(body);
      form.resetFields();
      onClose();
    } catch {
      // Create failures are toasted by the hook; update failures show in the dialog.
    }
  }

  return (
    <Modal
      open={open}
      title={category ? 'Edit Category' : 'Add Category'}
      okText={saving ? 'Saving...' : category ? 'Update' : 'Create'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
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
      </Form>
      {update.isError && (
        <Alert type="error" showIcon title={`Failed to update category: ${errorMessage(update.error, update.error.message)}`} />
      )}
    </Modal>
  );
}
