import { useIsMutating } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useEffect } from 'react';
import type { Item } from '../../../api/inventory';
import { UPLOAD_IMAGE_KEY, useUpdateItem } from '../hooks';
import { cleanBarcodes, ItemDetailsFields, type ItemDetailsValues } from './ItemDetailsFields';

interface EditItemDialogProps {
  open: boolean;
  item: Item | null;
  onClose: () => void;
}

/** Edits the details; stock changes go through movements, never through this form. */
export function EditItemDialog({ open, item, onClose }: EditItemDialogProps) {
  const [form] = Form.useForm<ItemDetailsValues>();
  const update = useUpdateItem();
  const uploading = useIsMutating({ mutationKey: UPLOAD_IMAGE_KEY }) > 0;

  useEffect(() => {
    if (!open || !item) return;
    form.resetFields();
    form.setFieldsValue({
      name: item.name,
      sku: item.sku ?? '',
      description: item.description ?? '',
      unitPrice: item.unitPrice,
      categoryId: item.categoryId,
      imageUrl: item.imageUrl,
      barcodes: item.barcodes,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill only when the dialog opens
  }, [open, item?.id]);

  async function onFinish(values: ItemDetailsValues) {
    if (!item) return;
    try {
      await update.mutateAsync({
        id: item.id,
        name: values.name.trim(),
        sku: values.sku?.trim() || null,
        description: values.description?.trim() || null,
        unitPrice: values.unitPrice.trim(),
        categoryId: values.categoryId ?? null,
        imageUrl: values.imageUrl ?? null,
        barcodes: cleanBarcodes(values.barcodes),
      });
      onClose();
    } catch {
      // Toasted by the hook.
    }
  }

  return (
    <Modal
      open={open}
      title={item ? `Edit Item - ${item.name}` : 'Edit Item'}
      okText={update.isPending ? 'Saving...' : 'Save Changes'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ disabled: uploading }}
      destroyOnHidden
    >
      <Form form={form} name="edit-item" layout="vertical" onFinish={onFinish} requiredMark={false}>
        <ItemDetailsFields />
      </Form>
    </Modal>
  );
}
