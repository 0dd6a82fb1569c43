import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import type { Item } from '../../../api/inventory';
import { useLocations } from '../../locations/hooks';
import { useTransferStock } from '../hooks';
import { EARLIEST_EXPIRY, UNASSIGNED, heldStock, locationOptions, lotOptions, toLocationId, toLot, toOptionValue } from '../stock';

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
  const locations = useLocations('', undefined);
  const held = item ? heldStock(item) : [];
  const from = Form.useWatch('from', form);
  const lotChoices = lotOptions(item?.lots, toLocationId(from));
  const lot = toLot(Form.useWatch('lot', form));
  const atSource = held.find((entry) => toOptionValue(entry.locationId) === from)?.quantity;
  // A named lot gives only what it holds at the source.
  const available =
    lot === null ? atSource : item?.lots?.find((entry) => entry.locationId === toLocationId(from) && entry.lot === lot)?.quantity;
  const allOptions = locationOptions(locations.data, held);
  // Only places that hold stock can give it.
  const fromOptions = allOptions.filter((option) => held.some((entry) => toOptionValue(entry.locationId) === option.value));

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
          <Select
            aria-label="To Location"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choose a location"
            loading={locations.isLoading}
            options={allOptions}
          />
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
