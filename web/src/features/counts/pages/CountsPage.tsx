import { PlusOutlined } from '@ant-design/icons';
import type { CountSummary } from '../../../api/counts';
import { Alert, Button, Card, Empty, Flex, List, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../api/http';
import { PageHeader } from '../../../components/PageHeader';
import { useIsMobile } from '../../../lib/use-media-query';
import { useWorkspaceAccess } from '../../workspace/access';
import { CountStatusTag } from '../components/CountStatusTag';
import { NewCountDialog } from '../components/NewCountDialog';
import { scopeLabel, when } from '../format';
import { useCounts } from '../hooks';

const who = (count: CountSummary) => count.createdBy.name ?? 'Unknown user';

function CountLink({ count }: { count: CountSummary }) {
  return (
    <Link to={`/counts/${encodeURIComponent(count.id)}`} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {scopeLabel(count)}
    </Link>
  );
}

const COLUMNS: ColumnsType<CountSummary> = [
  { title: 'Count of', key: 'scope', render: (_, count) => <CountLink count={count} /> },
  { title: 'Status', key: 'status', render: (_, count) => <CountStatusTag status={count.status} /> },
  { title: 'Items counted', key: 'counted', dataIndex: 'countedItems' },
  { title: 'Opened', key: 'opened', render: (_, count) => `${when(count.createdAt)} · ${who(count)}` },
  { title: 'Closed', key: 'closed', render: (_, count) => (count.closedAt ? when(count.closedAt) : '—') },
];

/** /counts: the workspace's stock counts, newest first, and 'New count'. */
export function CountsPage() {
  const isMobile = useIsMobile();
  const { canWrite } = useWorkspaceAccess();
  const counts = useCounts();
  const [creating, setCreating] = useState(false);
  const empty = <Empty description="No counts yet" />;

  return (
    <>
      <PageHeader
        title="Stock Counts"
        description="Count what is on the shelves and book the differences"
        actions={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              New count
            </Button>
          )
        }
      />
      {counts.isError ? (
        <Alert type="error" showIcon title="Failed to load the counts" description={errorMessage(counts.error, counts.error.message)} />
      ) : (
        <Card styles={isMobile ? undefined : { body: { paddingInline: 0, paddingBlock: 8 } }}>
          {isMobile ? (
            <List<CountSummary>
              loading={counts.isLoading}
              dataSource={counts.data ?? []}
              locale={{ emptyText: empty }}
              renderItem={(count) => (
                <List.Item key={count.id} data-testid="count-entry">
                  <div style={{ minWidth: 0, width: '100%' }}>
                    <Flex justify="space-between" align="center" gap={8}>
                      <CountLink count={count} />
                      <CountStatusTag status={count.status} />
                    </Flex>
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
                      {`${count.countedItems} counted · ${when(count.createdAt)} · ${who(count)}`}
                    </Typography.Text>
                  </div>
                </List.Item>
              )}
            />
          ) : (
            <Table<CountSummary>
              rowKey="id"
              columns={COLUMNS}
              dataSource={counts.data ?? []}
              loading={counts.isLoading}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              locale={{ emptyText: empty }}
            />
          )}
        </Card>
      )}
      <NewCountDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
