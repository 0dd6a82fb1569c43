import type { ImportView } from '../../../api/imports';
import { Alert, Card, Empty, Flex, List, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../api/http';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useImports } from '../hooks';
import { hasStarted, resultLine } from '../status';
import { ImportStatusTag } from './ImportStatusTag';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (view: ImportView) => dateTimeFormat.format(new Date(view.startedAt ?? view.createdAt));
const who = (view: ImportView) => view.createdBy.name ?? 'Unknown user';
const result = (view: ImportView) => (hasStarted(view.status) ? resultLine(view) : '—');

// Five columns need a desktop's width beside the side bar; below it each import is a list entry.
const COMPACT_QUERY = '(max-width: 991.98px)';
const ROW_TEST_ID = { 'data-testid': 'import-entry' } as HTMLAttributes<HTMLElement>;

function FileLink({ view }: { view: ImportView }) {
  return (
    <Link to={`/imports/${encodeURIComponent(view.id)}`} style={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
      {view.fileName}
    </Link>
  );
}

const COLUMNS: ColumnsType<ImportView> = [
  { title: 'File', key: 'file', render: (_, view) => <FileLink view={view} /> },
  { title: 'Imported by', key: 'by', render: (_, view) => who(view) },
  { title: 'When', key: 'when', render: (_, view) => when(view) },
  { title: 'Status', key: 'status', render: (_, view) => <ImportStatusTag status={view.status} /> },
  { title: 'Result', key: 'result', render: (_, view) => result(view) },
];

/** The workspace's imports, newest first, each linking to its progress or summary. */
export function ImportHistory() {
  const compact = useMediaQuery(COMPACT_QUERY);
  const imports = useImports();
  const empty = <Empty description="No imports yet" />;

  if (imports.isError) {
    return (
      <Alert type="error" showIcon title="Failed to load the imports" description={errorMessage(imports.error, imports.error.message)} />
    );
  }

  return (
    <Card styles={compact ? undefined : { body: { paddingInline: 0, paddingBlock: 8 } }}>
      {compact ? (
        <List<ImportView>
          loading={imports.isLoading}
          dataSource={imports.data ?? []}
          locale={{ emptyText: empty }}
          renderItem={(view) => (
            <List.Item key={view.id} data-testid="import-entry">
              <div style={{ minWidth: 0, width: '100%' }}>
                <Flex justify="space-between" align="center" gap={8}>
                  <FileLink view={view} />
                  <ImportStatusTag status={view.status} />
                </Flex>
                <Typography.Text style={{ display: 'block', marginTop: 4 }}>{result(view)}</Typography.Text>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
                  {`${who(view)} · ${when(view)}`}
                </Typography.Text>
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Table<ImportView>
          rowKey="id"
          columns={COLUMNS}
          dataSource={imports.data ?? []}
          loading={imports.isLoading}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={() => ROW_TEST_ID}
          locale={{ emptyText: empty }}
        />
      )}
    </Card>
  );
}
