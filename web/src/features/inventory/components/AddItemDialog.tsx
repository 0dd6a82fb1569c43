import { useIsMutating } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Modal, Row } from 'antd';
import { useEffect } from 'react';
import { LocationSelect } from '../../locations/components/LocationSelect';
import { UPLOAD_IMAGE_KEY, useCreateItem } from '../hooks';
import { LOT_MAX_LENGTH } from '../expiry';
import { UNASSIGNED, toLocationId } from '../stock';
import type { Item } from '../../../api/inventory';
import { cleanBarcodes, ItemDetailsFields, type ItemDetailsValues } from './ItemDetailsFields';

interface AddItemFormValues extends ItemDetailsValues {
  locationId?: string;
  currentStock?: number | null;
  reorderLevel?: number | null;
  /** The initial stock's lot and expiry date (docs/expiry.md), YYYY-MM-DD from the browser's date input. */
  lot?: string;
  expiresOn?: string;
}

interface AddItemDialogProps {
  open: boolean;
  onClose: () => void;
  /** Filled in when the dialog opens (e.g. the barcode a scan did not find). */
  initialValues?: Partial<AddItemFormValues>;
  /** Called with the new item after it was created. */
  onCreated?: (item: Item) => void;
}

const EMPTY: Partial<AddItemFormValues> = { locationId: UNASSIGNED, currentStock: 0, reorderLevel: 0, imageUrl: null };

/** 'Add New Inventory Item' (spec §2, 5); also opened by the dashboard's Quick Actions. */
export function AddItemDialog({ open, onClose, initialValues, onCreated }: AddItemDialogProps) {
  const [form] = Form.useForm<AddItemFormValues>();
  const create = useCreateItem();
  const uploading = useIsMutating({ mutationKey: UPLOAD_IMAGE_KEY }) > 0;
  const hasInitialStock = (Form.useWatch('currentStock', form) ?? 0) > 0;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ ...EMPTY, ...initialValues });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open]);

  async function onFinish(values: AddItemFormValues) {
    try {
      const item = await create.mutateAsync({
        name: values.name.trim(),
        sku: values.sku?.trim() || null,
        description: values.description?.trim() || null,
        unitPrice: values.unitPrice.trim(),
        // spec §5: blank or non-numeric stock becomes 0.
        currentStock: Number.isInteger(values.currentStock) ? Number(values.currentStock) : 0,
        reorderLevel: Number.isInteger(values.reorderLevel) ? Number(values.reorderLevel) : 0,
        categoryId: values.categoryId ?? null,
        locationId: toLocationId(values.locationId),
        imageUrl: values.imageUrl ?? null,
        barcodes: cleanBarcodes(values.barcodes),
        ...(Number(values.currentStock) > 0 ? { lot: values.lot?.trim() || null, expiresOn: values.expiresOn || null } : {}),
      });
      form.resetFields();
      onClose();
      onCreated?.(item);
    } catch {
      // The hook toasts the failure; the dialog stays open with the input.
    }
  }

  return (
    <Modal
      open={open}
      title="Add New Inventory Item"
      okText={create.isPending ? 'Adding...' : 'Add Item'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ disabled: uploading }}
      destroyOnHidden
    >
      <Form form={form} name="add-item" layout="vertical" onFinish={onFinish} requiredMark={false} initialValues={EMPTY}>
        <ItemDetailsFields
          besideCategory={
            <Form.Item label="Location" name="locationId" extra="Where the initial stock is kept.">
              <LocationSelect aria-label="Location" />
            </Form.Item>
          }
        >
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item label="Initial Stock" name="currentStock">
                <InputNumber min={0} precision={0} step={1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Reorder Level" name="reorderLevel" extra="Alert will trigger when stock falls to or below this level.">
                <InputNumber min={0} precision={0} step={1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          {hasInitialStock && (
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item label="Lot (optional)" name="lot">
                  <Input placeholder="e.g. L-2301" maxLength={LOT_MAX_LENGTH} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Expires on (optional)" name="expiresOn">
                  <Input type="date" aria-label="Expires on" />
                </Form.Item>
              </Col>
            </Row>
          )}
        </ItemDetailsFields>
      </Form>
    </Modal>
  );
}
