import { LOT_MAX_LENGTH } from '../expiry';
import { Flex, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import type { Item, MovementType } from '../../../api/inventory';
import { useToast } from '../../../lib/toast';
import { LocationSelect } from '../../locations/components/LocationSelect';
import { useRecordMovement } from '../hooks';
import { EARLIEST_EXPIRY, MOVEMENT_TYPE_OPTIONS, UNASSIGNED, lotOptions, toLocationId, toLot } from '../stock';

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
  /** in: the lot received into (free text); out / adjustment: a named lot at the place, or the earliest expiry. */
  lot?: string;
  /** YYYY-MM-DD from the browser's own date picker (light, and the phone's native one). */
  expiresOn?: string;
}

const EMPTY: StockFormValues = { quantity: null, movementType: 'in', reason: '', locationId: UNASSIGNED, lot: '', expiresOn: '' };

/** 'Update Stock - {item name}' (spec §2, 5): quantity and reason are required, checked on submit. */
export function StockDialog({ open, item, onClose }: StockDialogProps) {
  const [form] = Form.useForm<StockFormValues>();
  const toast = useToast();
  const record = useRecordMovement();
  const movementType = Form.useWatch('movementType', form);
  const locationId = toLocationId(Form.useWatch('locationId', form));
  const lotChoices = lotOptions(item?.lots, locationId);
  const lotChosen = toLot(Form.useWatch('lot', form)) !== null;

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
        // Lots are optional (docs/expiry.md): nothing is sent for stock without one.
        ...(values.movementType === 'in'
          ? { lot: values.lot?.trim() || null, expiresOn: values.expiresOn || null }
          : { lot: toLot(values.lot) }),
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
          <Select
            aria-label="Movement Type"
            options={[...MOVEMENT_TYPE_OPTIONS]}
            // A lot typed for a receipt means nothing to a picker of the lots held, and back.
            onChange={(type: MovementType) => form.setFieldsValue({ lot: type === 'in' ? '' : EARLIEST_EXPIRY, expiresOn: '' })}
          />
        </Form.Item>
        <Form.Item
          label="Quantity *"
          name="quantity"
          extra={
            movementType === 'adjustment'
              ? lotChosen
                ? "For an adjustment of a lot, enter the lot's new level at this location."
                : 'For an adjustment, enter the new stock level.'
              : undefined
          }
        >
          <InputNumber min={0} precision={0} step={1} style={{ width: '100%' }} placeholder="Enter quantity" />
        </Form.Item>
        <Form.Item label="Reason *" name="reason">
          <Input placeholder="e.g. Delivery from supplier" maxLength={500} />
        </Form.Item>
        <Form.Item label="Location" name="locationId">
          <LocationSelect
            aria-label="Location"
            held={item?.stockByLocation}
            // The lots offered are the new place's.
            onChange={() => movementType !== 'in' && form.setFieldValue('lot', EARLIEST_EXPIRY)}
          />
        </Form.Item>
        {movementType === 'in' ? (
          <Flex gap={12} wrap>
            <Form.Item label="Lot (optional)" name="lot" style={{ flex: '1 1 160px' }}>
              <Input placeholder="e.g. L-2301" maxLength={LOT_MAX_LENGTH} />
            </Form.Item>
            <Form.Item label="Expires on (optional)" name="expiresOn" style={{ flex: '1 1 160px' }}>
              <Input type="date" aria-label="Expires on" />
            </Form.Item>
          </Flex>
        ) : (
          lotChoices.length > 1 && (
            <Form.Item label="Lot" name="lot" extra="Stock is taken from the lot that expires first unless you choose one.">
              <Select aria-label="Lot" options={lotChoices} />
            </Form.Item>
          )
        )}
      </Form>
    </Modal>
  );
}
