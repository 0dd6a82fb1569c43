import { Alert, Form, InputNumber, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import type { Item } from '../../../api/inventory';
import { useUpdateReorderLevel } from '../hooks';

interface ReorderLevelDialogProps {
  open: boolean;
  item: Item | null;
  onClose: () => void;
}

interface ReorderFormValues {
  reorderLevel: number | null;
}

/** 'Edit Reorder Level' (spec §5): a whole number ≥ 0, default 0, with the low-stock warning. */
export function ReorderLevelDialog({ open, item, onClose }: ReorderLevelDialogProps) {
  const [form] = Form.useForm<ReorderFormValues>();
  const update = useUpdateReorderLevel();
  const typed = Form.useWatch('reorderLevel', form);
  const level = Number.isInteger(typed) ? Number(typed) : 0;

  useEffect(() => {
    if (open && item) form.setFieldsValue({ reorderLevel: item.reorderLevel });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill only when the dialog opens
  }, [open, item?.id]);

  async function onFinish() {
    if (!item) return;
    try {
      await update.mutateAsync({ id: item.id, reorderLevel: level });
      onClose();
    } catch {
      // Toasted by the hook.
    }
  }

  return (
    <Modal
      open={open}
      title="Edit Reorder Level"
      okText={update.isPending ? 'Saving...' : 'Update'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      {item && (
        <Typography.Paragraph type="secondary">
          {item.name}: current stock {item.currentStock}
        </Typography.Paragraph>
      )}
      <Form form={form} name="reorder-level" layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Reorder Level" name="reorderLevel" extra="Alert will trigger when stock falls to or below this level.">
          <InputNumber min={0} precision={0} step={1} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
      {item && level >= item.currentStock && (
        <Alert
          type="warning"
          showIcon
          title={`This will trigger a low stock alert since current stock (${item.currentStock}) is at or below the new reorder level (${level}).`}
        />
      )}
    </Modal>
  );
}
