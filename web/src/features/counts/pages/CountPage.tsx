import { CheckOutlined, DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/http';
import { PageHeader } from '../../../components/PageHeader';
import { useWorkspaceAccess } from '../../workspace/access';
import { ApplyCountDialog } from '../components/ApplyCountDialog';
import { CodeEntry } from '../components/CodeEntry';
import { CountLines } from '../components/CountLines';
import { CountStatusTag } from '../components/CountStatusTag';
import { CountTotals } from '../components/CountTotals';
import { exportCountCsv, exportCountPdf } from '../export';
import { scopeLabel, when } from '../format';
import { useCancelCount, useCount } from '../hooks';

/** /counts/:id: record counts (several people at once), see the variances, apply or cancel, export. */
export function CountPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { canWrite } = useWorkspaceAccess();
  const count = useCount(id);
  const cancel = useCancelCount();
  const [applying, setApplying] = useState(false);

  if (count.isError) {
    return <Alert type="error" showIcon title="Failed to load the count" description={errorMessage(count.error, count.error.message)} />;
  }
  if (!count.data) return <Skeleton active />;
  const view = count.data;
  const editable = canWrite && view.status === 'open';
  const closedBy = view.closedBy?.name ?? 'Unknown user';

  return (
    <>
      <PageHeader
        title={`Stock count: ${scopeLabel(view)}`}
        description={`Opened ${when(view.createdAt)} by ${view.createdBy.name ?? 'Unknown user'}`}
        actions={
          <>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'csv', label: 'Export CSV' },
                  { key: 'pdf', label: 'Export PDF' },
                ],
                onClick: ({ key }) => (key === 'csv' ? exportCountCsv(view) : void exportCountPdf(view)),
              }}
            >
              <Button icon={<DownloadOutlined />}>
                Export <DownOutlined aria-hidden style={{ fontSize: 12 }} />
              </Button>
            </Dropdown>
            {editable && (
              <Popconfirm
                title="Cancel this count?"
                description="What was counted is kept for reference; nothing is booked."
                okText="Cancel count"
                cancelText="Keep counting"
                onConfirm={() => cancel.mutateAsync(id).then(() => navigate('/counts'))}
              >
                <Button danger>Cancel count</Button>
              </Popconfirm>
            )}
            {editable && (
              <Button type="primary" icon={<CheckOutlined />} disabled={view.totals.counted === 0} onClick={() => setApplying(true)}>
                Apply
              </Button>
            )}
          </>
        }
      />
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
        <Typography.Text strong>{scopeLabel(view)}</Typography.Text>
        <CountStatusTag status={view.status} />
        {view.closedAt && (
          <Typography.Text type="secondary">{`${view.status === 'applied' ? 'Applied' : 'Cancelled'} ${when(view.closedAt)} by ${closedBy}`}</Typography.Text>
        )}
      </Flex>
      <CountTotals totals={view.totals} />
      {editable && <CodeEntry countId={id} lines={view.lines} />}
      <CountLines countId={id} lines={view.lines} editable={editable} />
      {editable && <ApplyCountDialog view={view} open={applying} onClose={() => setApplying(false)} refresh={() => count.refetch()} />}
    </>
  );
}
