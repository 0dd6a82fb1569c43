import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import type { Item, MovementType } from '../../../api/inventory';
import { useToast } from '../../../lib/toast';
import { useLocations } from '../../locations/hooks';
import { useRecordMovement } from '../hooks';
import { MOVEMENT_TYPE_OPTIONS, UNASSIGNED, locationOptions, toLocationId } from '../stock';

interface StockDialogProps {
  open: boolean;
  item: Item | null;
  onClose: () => void;
}

interface StockFormValues {
  quantity?: number | null;
  movementType: MovementType;
  reason?: string;
  locationId?: string;
}

const EMPTY: StockFormValues = { quantity: null, movementType: 'in', reason: '', locationId: UNASSIGNED };

/** 'Update Stock - {item name}' (SPEC 2, 5): quantity and reason are required, checked on submit. */
export function StockDialog({ open, item, onClose }: StockDialogProps) {
  const [form] = Form.useForm<StockFormValues>();
  const toast = useToast();
  const record = useRecordMovement();
  const locations = useLocations('', undefined);
  const movementType = Form.useWatch('movementType', form);

  useEffect(() => {
    if (open) form.setFieldsValue(EMPTY);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- clear only when the dialog opens
  }, [open, item?.id]);

  async function onFinish(values: StockFormValues) {
    if (!item) return;
    const quantity = Number.parseInt(String(values.quantity ?? ''), 10);
    const reason = values.reason?.trim() ?? '';
    if (!Number.isFinite(quantity) || !reason) {
      toast({ title: 'Error', description: 'Please fill in all required fields', variant: 'destructive' });
      return;
    }
    try {
      await record.mutateAsync({
        id: item.id,
        quantity,
        movementType: values.movementType,
        reason,
        locationId: toLocationId(values.locationId),
      });
      form.setFieldsValue(EMPTY);
      onClose();
    } catch {
      // Toasted by the hook ('Insufficient stock: N available' and the like).
    }
  }

  return (
    <Modal
      open={open}
      title={`Update Stock - ${item?.name ?? ''}`}
      okText={record.isPending ? 'Updating...' : 'Update Stock'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={record.isPending}
      destroyOnHidden
    >
      {item && (
        <Typography.Paragraph type="secondary">
          Current stock: <strong>{item.currentStock}</strong>
        </Typography.Paragraph>
      )}
      <Form form={form} name="update-stock" layout="vertical" onFinish={onFinish} requiredMark={false} initialValues={EMPTY}>
        <Form.Item label="Movement Type" name="movementType">
          <Select aria-label="Movement Type" options={[...MOVEMENT_TYPE_OPTIONS]} />
        </Form.Item>
        <Form.Item
          label="Quantity *"
          name="quantity"
          extra={movementType === 'adjustment' ? 'For an adjustment, enter the new stock level.' : undefined}
        >
          <InputNumber min={0} precision={0} step={1} style={{ width: '100%' }} placeholder="Enter quantity" />
        </Form.Item>
        <Form.Item label="Reason *" name="reason">
          <Input placeholder="e.g. Delivery from supplier" maxLength={500} />
        </Form.Item>
        <Form.Item label="Location" name="locationId">
          <Select
            aria-label="Location"
            showSearch={{ optionFilterProp: 'label' }}
            loading={locations.isLoading}
            options={locationOptions(locations.data, item?.stockByLocation)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
