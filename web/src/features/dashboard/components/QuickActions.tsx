import { BarChartOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { itemsExportUrl } from '../../../api/export';
import { DownloadMenu, type DownloadLink } from '../../../components/DownloadMenu';
import { useWorkspaceAccess } from '../../workspace/access';

/** Every item of the workspace, streamed by the server in our import's own columns. */
const EXPORT_LINKS: DownloadLink[] = [
  { key: 'csv', label: 'Items as CSV', href: itemsExportUrl('csv') },
  { key: 'xlsx', label: 'Items as Excel (.xlsx)', href: itemsExportUrl('xlsx') },
];

// The inventory screen's own add dialog, fetched on the first click so the dashboard loads no form code.
const AddItemDialog = lazy(async () => ({ default: (await import('../../inventory/components/AddItemDialog')).AddItemDialog }));

/** A viewer gets the read-only actions: no 'Add New Item', no 'Bulk Import'. */
export function QuickActions() {
  const navigate = useNavigate();
  const { canWrite } = useWorkspaceAccess();
  const [adding, setAdding] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);

  return (
    <Card title="Quick Actions" style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        {canWrite && (
          <Button
            block
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setDialogLoaded(true);
              setAdding(true);
            }}
          >
            Add New Item
          </Button>
        )}
        {canWrite && (
          <Button block icon={<UploadOutlined />} onClick={() => navigate('/imports/new')}>
            Bulk Import
          </Button>
        )}
        <Button block type={canWrite ? 'default' : 'primary'} icon={<BarChartOutlined />} onClick={() => navigate('/reports')}>
          Generate Report
        </Button>
        <DownloadMenu block label="Export Data" links={EXPORT_LINKS} />
      </Flex>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <AddItemDialog open={adding} onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </Card>
  );
}
