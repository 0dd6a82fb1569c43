import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { useWorkspaceAccess } from '../../workspace/access';
import { ImportHistory } from '../components/ImportHistory';

/** /imports: who imported which file when, and what it did. */
export function ImportHistoryPage() {
  const navigate = useNavigate();
  const { canWrite } = useWorkspaceAccess();
  return (
    <>
      <PageHeader
        title="Import History"
        description="Files imported into this workspace"
        actions={
          canWrite && (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => navigate('/imports/new')}>
              New import
            </Button>
          )
        }
      />
      <ImportHistory />
    </>
  );
}
