import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import type { Item } from '../../../api/inventory';
import { LocationSelect } from '../../locations/components/LocationSelect';
import { useTransferStock } from '../hooks';
import {
  EARLIEST_EXPIRY,
  UNASSIGNED,
  heldStock,
  lotOptions,
  NO_NAMES,
  placeName,
  toLocationId,
  toLot,
  toOptionValue,
  withQuantity,
} from '../stock';

interface TransferDialogProps {
  open: boolean;
  item: Item | null;
  onClose: () => void;
}

interface TransferFormValues {
  from?: string;
  to?: string;
  quantity?: number | null;
  reason?: string;
  lot?: string;
}

/** Moves stock between two places in one movement; the total stays the same. */
export function TransferDialog({ open, item, onClose }: TransferDialogProps) {
  const [form] = Form.useForm<TransferFormValues>();
  const transfer = useTransferStock();
  const held = item ? heldStock(item) : [];
  const from = Form.useWatch('from', form);
  const lotChoices = lotOptions(item?.lots, toLocationId(from));
  const lot = toLot(Form.useWatch('lot', form));
  const atSource = held.find((entry) => toOptionValue(entry.locationId) === from)?.quantity;
  // A named lot gives only what it holds at the source.
  const available =
    lot === null ? atSource : item?.lots?.find((entry) => entry.locationId === toLocationId(from) && entry.lot === lot)?.quantity;
  // Only places that hold stock can give it: the item names them, so this list needs no search.
  const fromOptions = held.map((entry) => ({
    value: toOptionValue(entry.locationId),
    label: withQuantity(placeName(entry.locationId, entry.locationName, NO_NAMES), entry.quantity),
  }));

  useEffect(() => {
    if (!open || !item) return;
    form.resetFields();
    const first = heldStock(item)[0];
    form.setFieldsValue({
      from: first ? toOptionValue(first.locationId) : UNASSIGNED,
      to: undefined,
      quantity: null,
      reason: '',
      lot: EARLIEST_EXPIRY,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill only when the dialog opens
  }, [open, item?.id]);

  async function onFinish(values: TransferFormValues) {
    if (!item) return;
    try {
      await transfer.mutateAsync({
        id: item.id,
        fromLocationId: toLocationId(values.from),
        toLocationId: toLocationId(values.to),
        quantity: Number(values.quantity),
        reason: values.reason!.trim(),
        lot: toLot(values.lot),
      });
      onClose();
    } catch {
      // Toasted by the hook.
    }
  }

  return (
    <Modal
      open={open}
      title={`Transfer Stock - ${item?.name ?? ''}`}
      okText={transfer.isPending ? 'Transferring...' : 'Transfer'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={transfer.isPending}
      destroyOnHidden
    >
      <Form form={form} name="transfer-stock" layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="From Location" name="from" rules={[{ required: true, message: 'Choose where the stock is now' }]}>
          <Select
            aria-label="From Location"
            options={fromOptions}
            notFoundContent="No stock to transfer"
            onChange={() => form.setFieldValue('lot', EARLIEST_EXPIRY)}
          />
        </Form.Item>
        {lotChoices.length > 1 && (
          <Form.Item label="Lot" name="lot" extra="The lot that expires first moves unless you choose one.">
            <Select aria-label="Lot" options={lotChoices} />
          </Form.Item>
        )}
        <Form.Item
          label="To Location"
          name="to"
          dependencies={['from']}
          rules={[
            { required: true, message: 'Choose where the stock goes' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value && value === getFieldValue('from')
                  ? Promise.reject(new Error('Choose two different locations for a transfer'))
                  : Promise.resolve(),
            }),
          ]}
        >
          <LocationSelect aria-label="To Location" placeholder="Choose a location" held={held} />
        </Form.Item>
        <Form.Item
          label="Quantity"
          name="quantity"
          extra={available !== undefined ? `${available} available ${lot === null ? 'at the source' : `in lot ${lot} there`}.` : undefined}
          rules={[
            { required: true, message: 'Quantity is required' },
            { type: 'integer', min: 1, message: 'Quantity must be a whole number of 1 or more' },
            {
              validator: (_, value) =>
                available !== undefined && typeof value === 'number' && value > available
                  ? Promise.reject(
                      new Error(`Only ${available} available ${lot === null ? 'at the source location' : `in lot ${lot} there`}`),
                    )
                  : Promise.resolve(),
            },
          ]}
        >
          <InputNumber min={1} precision={0} step={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Reason" name="reason" rules={[{ required: true, whitespace: true, message: 'Reason is required' }]}>
          <Input placeholder="e.g. Restock the van" maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
