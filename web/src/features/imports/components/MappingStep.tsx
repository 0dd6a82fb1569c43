import type { ImportField } from '@inventory/contracts';
import type { ImportMapping, ImportMode, ImportUpload } from '../../../api/imports';
import { Button, Card, Col, Flex, Form, Radio, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { formatCount } from '../../../lib/format';
import { IMPORT_FIELDS, ITEM_EXPORT_HEADERS, ImportMessages, MODE_LABELS } from '../import-rules';
import { NOT_IMPORTED, fromFormValues, sampleValues, toFormValues, type MappingFormValues } from '../mapping';

type FormValues = MappingFormValues & { mode: ImportMode };

interface MappingStepProps {
  upload: ImportUpload;
  mapping: ImportMapping;
  mode: ImportMode;
  onBack: () => void;
  onNext: (mapping: ImportMapping, mode: ImportMode) => void;
}

const MODES: ImportMode[] = ['create', 'upsert'];

const RULES: Partial<Record<ImportField, Rule[]>> = {
  name: [{ required: true, message: ImportMessages.nameUnmapped }],
  sku: [
    ({ getFieldValue }) => ({
      validator: (_, column: string) =>
        getFieldValue('mode') === 'upsert' && !column ? Promise.reject(new Error(ImportMessages.skuUnmappedForUpsert)) : Promise.resolve(),
    }),
  ],
};

/** A column's first values under its select, so the user can tell the columns apart. */
function Samples({ upload, column }: { upload: ImportUpload; column: string | undefined }) {
  if (!column) return null;
  const values = sampleValues(upload, column);
  return (
    <Typography.Text type="secondary" ellipsis data-testid="mapping-samples" style={{ display: 'block', maxWidth: '100%' }}>
      {values.length > 0 ? `e.g. ${values.join(' · ')}` : 'Empty in the first rows'}
    </Typography.Text>
  );
}

/** Step 2: which column of the file fills which item field, and whether existing items are updated. */
export function MappingStep({ upload, mapping, mode, onBack, onNext }: MappingStepProps) {
  const [form] = Form.useForm<FormValues>();
  const values = Form.useWatch([], form) as FormValues | undefined;
  const upsert = values?.mode === 'upsert';
  const columnOptions = [
    { value: NOT_IMPORTED, label: "Don't import" },
    ...upload.columns.map((column) => ({ value: column, label: column })),
  ];

  return (
    <Card
      title={
        <Typography.Text ellipsis style={{ fontWeight: 'inherit' }}>
          {upload.fileName}
        </Typography.Text>
      }
      extra={<Typography.Text type="secondary">{`${formatCount(upload.rowCount)} rows`}</Typography.Text>}
    >
      <Form<FormValues>
        form={form}
        name="import-mapping"
        layout="vertical"
        initialValues={{ ...toFormValues(mapping), mode }}
        onFinish={({ mode: chosenMode, ...columns }) => onNext(fromFormValues(columns), chosenMode)}
      >
        <Form.Item name="mode" label="What to do">
          <Radio.Group
            // The SKU rule depends on the mode: check it again when the mode changes.
            onChange={() => void form.validateFields(['sku']).catch(() => undefined)}
            options={MODES.map((value) => ({ value, label: MODE_LABELS[value] }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          Choose the column of your file for each item field. A field set to &lsquo;Don&rsquo;t import&rsquo; is not read from the file.
        </Typography.Paragraph>
        <Row gutter={[24, 0]}>
          {IMPORT_FIELDS.map((field) => (
            <Col key={field} xs={24} md={12}>
              <Form.Item
                name={field}
                label={ITEM_EXPORT_HEADERS[field]}
                required={field === 'name' || (field === 'sku' && upsert)}
                rules={RULES[field]}
                extra={<Samples upload={upload} column={values?.[field]} />}
              >
                <Select options={columnOptions} showSearch={{ optionFilterProp: 'label' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Flex justify="space-between" gap={8}>
          <Button onClick={onBack}>Back</Button>
          <Button type="primary" htmlType="submit">
            Preview
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
