import type { ImportPreview, ImportRowError } from '../../../api/imports';
import { Alert, Button, Card, Flex, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { errorMessage } from '../../../api/http';
import { formatCount } from '../../../lib/format';
import type { ImportDraft } from '../draft';
import { useImportPreview } from '../hooks';
import { IMPORT_PREVIEW_ERRORS } from '../import-rules';
import { rowsToImport } from '../mapping';
import { ErrorsCsvLink } from './ErrorsCsvLink';
import { ImportCounts } from './ImportCounts';

interface PreviewStepProps {
  draft: ImportDraft;
  importing: boolean;
  onBack: () => void;
  onStartOver: () => void;
  onImport: () => void;
}

const ERROR_COLUMNS: ColumnsType<ImportRowError> = [
  { title: 'Row', dataIndex: 'row', key: 'row', width: 72 },
  { title: 'Column', dataIndex: 'column', key: 'column', render: (column: string | null) => column ?? '—' },
  { title: 'Problem', dataIndex: 'message', key: 'message' },
];

function NewNames({ title, names }: { title: string; names: string[] }) {
  if (names.length === 0) return null;
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      <Flex wrap gap={8} style={{ marginTop: 8 }}>
        {names.map((name) => (
          <Tag key={name} style={{ marginInlineEnd: 0 }}>
            {name}
          </Tag>
        ))}
      </Flex>
    </div>
  );
}

function RowErrors({ importId, preview }: { importId: string; preview: ImportPreview }) {
  if (preview.errors.length === 0) return null;
  return (
    <Card title="Rows with errors" style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="baseline" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          {`${formatCount(preview.invalid)} ${preview.invalid === 1 ? 'row is' : 'rows are'} skipped; the others are imported.`}
          {preview.errors.length >= IMPORT_PREVIEW_ERRORS
            ? ` The first ${formatCount(IMPORT_PREVIEW_ERRORS)} problems are listed here.`
            : ''}
        </Typography.Text>
        <ErrorsCsvLink importId={importId} />
      </Flex>
      <Table<ImportRowError>
        rowKey={(error) => `${error.row}:${error.column ?? ''}:${error.message}`}
        columns={ERROR_COLUMNS}
        dataSource={preview.errors}
        size="small"
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true, size: 'small' }}
      />
    </Card>
  );
}

/** Step 3: a dry run of the mapping: what would be created, updated and refused, before anything is written. */
export function PreviewStep({ draft, importing, onBack, onStartOver, onImport }: PreviewStepProps) {
  const { upload, mapping, mode } = draft;
  const preview = useImportPreview(upload.id, mapping, mode);

  if (preview.isPending) {
    return (
      <Card>
        <Flex vertical align="center" gap={16} role="status" style={{ padding: '32px 0' }}>
          <Spin />
          <Typography.Text>{`Checking ${formatCount(upload.rowCount)} rows…`}</Typography.Text>
        </Flex>
      </Card>
    );
  }

  if (preview.isError) {
    return (
      <>
        <Alert
          type="error"
          showIcon
          title="Failed to preview the import"
          description={errorMessage(preview.error, preview.error.message)}
          action={<Button onClick={() => void preview.refetch()}>Retry</Button>}
          style={{ marginBottom: 16 }}
        />
        <Flex justify="space-between" gap={8}>
          <Button onClick={onBack}>Back</Button>
          <Button onClick={onStartOver}>Choose another file</Button>
        </Flex>
      </>
    );
  }

  const data = preview.data;
  const rows = rowsToImport(data);
  const hasNewNames = data.newCategories.length + data.newLocations.length > 0;
  return (
    <>
      <ImportCounts
        counts={[
          { title: 'To create', value: data.toCreate, caption: 'New items' },
          { title: 'To update', value: data.toUpdate, caption: 'Matched by SKU' },
          { title: 'Unchanged', value: data.unchanged, caption: 'Already as in the file' },
          { title: 'Invalid', value: data.invalid, caption: 'Rows skipped' },
        ]}
      />
      {hasNewNames && (
        <Card title="Created by the import" style={{ marginBottom: 16 }}>
          <Flex vertical gap={16}>
            <NewNames title="New categories" names={data.newCategories} />
            <NewNames title="New locations" names={data.newLocations} />
          </Flex>
        </Card>
      )}
      <RowErrors importId={upload.id} preview={data} />
      {rows === 0 && (
        <Alert type="warning" showIcon title="Nothing to import: every row is unchanged or has errors." style={{ marginBottom: 16 }} />
      )}
      <Flex justify="space-between" gap={8}>
        <Button onClick={onBack}>Back</Button>
        {/* The run takes the mapping of the server's latest preview: not while this one is being checked again. */}
        <Button type="primary" disabled={rows === 0 || preview.isFetching} loading={importing} onClick={onImport}>
          {`Import ${formatCount(rows)} ${rows === 1 ? 'item' : 'items'}`}
        </Button>
      </Flex>
    </>
  );
}
