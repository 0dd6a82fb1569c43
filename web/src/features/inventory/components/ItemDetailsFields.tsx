import { Col, Form, Input, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { CategorySelect } from '../../categories/components/CategorySelect';
import { ImageField } from './ImageField';

/** The details both the add and the edit dialog ask for. */
export interface ItemDetailsValues {
  name: string;
  sku?: string;
  description?: string;
  unitPrice: string;
  categoryId?: string | null;
  imageUrl?: string | null;
  barcodes?: string[];
}

// decimal(10,2), never negative (the API's UNIT_PRICE_PATTERN).
const PRICE_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

interface ItemDetailsFieldsProps {
  /** A field shown beside the category (the add dialog's location). */
  besideCategory?: ReactNode;
  /** Fields placed before the image. */
  children?: ReactNode;
}

const half = { xs: 24, sm: 12 } as const;

export function ItemDetailsFields({ besideCategory, children }: ItemDetailsFieldsProps) {
  return (
    <>
      <Form.Item
        label="Item Name *"
        name="name"
        rules={[
          { required: true, whitespace: true, message: 'Item name is required' },
          { max: 200, message: 'Item name must be at most 200 characters' },
        ]}
      >
        <Input placeholder="e.g. Cordless drill" maxLength={200} />
      </Form.Item>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item label="SKU" name="sku" rules={[{ max: 100, message: 'SKU must be at most 100 characters' }]}>
            <Input placeholder="e.g. DR-001" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            label="Unit Price *"
            name="unitPrice"
            rules={[
              { required: true, whitespace: true, message: 'Unit price is required' },
              { pattern: PRICE_PATTERN, message: 'Enter an amount of 0 or more with at most 2 decimals' },
            ]}
          >
            <Input type="number" inputMode="decimal" step="0.01" min="0" prefix="$" placeholder="0.00" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="Barcodes"
        name="barcodes"
        extra="Scan the product's barcode here, or type it and press Enter. Up to 10."
        rules={[
          { type: 'array', max: 10, message: 'At most 10 barcodes' },
          { type: 'array', defaultField: { type: 'string', max: 100, message: 'A barcode is at most 100 characters' } },
        ]}
      >
        {/* A scanner types the code and Enter, which adds it as a tag; open={false}: no list to pick from. */}
        <Select
          aria-label="Barcodes"
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',']}
          placeholder="e.g. 4006381333931"
          maxCount={10}
        />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={2} placeholder="Optional description" maxLength={2000} />
      </Form.Item>
      <Row gutter={16}>
        <Col {...(besideCategory ? half : { xs: 24 })}>
          {/* aria-label too: antd names the Select's listbox from it (axe: aria-input-field-name). */}
          <Form.Item label="Category" name="categoryId">
            <CategorySelect aria-label="Category" allowClear placeholder="No category" />
          </Form.Item>
        </Col>
        {besideCategory && <Col {...half}>{besideCategory}</Col>}
      </Row>
      {children}
      <Form.Item label="Image" name="imageUrl">
        <ImageField />
      </Form.Item>
    </>
  );
}

/** The barcodes as the API takes them: trimmed, without blanks or repeats (a scanner may add spaces). */
export const cleanBarcodes = (barcodes: string[] | undefined): string[] => [
  ...new Set((barcodes ?? []).map((barcode) => barcode.trim()).filter(Boolean)),
];
