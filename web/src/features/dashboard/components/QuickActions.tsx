import { BarChartOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getInventoryReport } from '../../../api/reports';
import { useToast } from '../../../lib/toast';
import { exportReportCsv } from '../../reports/export';
import { useWorkspaceAccess } from '../../workspace/access';

// The inventory screen's own add dialog, fetched on the first click so the dashboard loads no form code.
const AddItemDialog = lazy(async () => ({ default: (await import('../../inventory/components/AddItemDialog')).AddItemDialog }));

/** A viewer gets the read-only actions: no 'Add New Item', no 'Bulk Import'. */
export function QuickActions() {
  const navigate = useNavigate();
  const { canWrite } = useWorkspaceAccess();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);

  async function exportData() {
    try {
      const exported = exportReportCsv(await getInventoryReport({ type: 'inventory' }));
      if (!exported) toast({ title: 'Nothing to export', description: 'Add inventory items first.' });
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
    }
  }

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
        <Button block icon={<DownloadOutlined />} onClick={() => void exportData()}>
          Export Data
        </Button>
      </Flex>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <AddItemDialog open={adding} onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </Card>
  );
}
