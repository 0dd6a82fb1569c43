import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/http';
import { ImportHeader } from '../components/ImportHeader';
import { ImportProgressCard } from '../components/ImportProgressCard';
import { ImportSteps } from '../components/ImportSteps';
import { ImportSummary } from '../components/ImportSummary';
import { useImport } from '../hooks';
import { hasStarted } from '../status';

/** /imports/:id: the wizard's last two steps, the run's progress and then its summary. */
export function ImportPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useImport(id);
  const view = query.data;

  if (!view) {
    return (
      <>
        <ImportHeader description="Import" />
        {query.isError ? (
          <Alert type="error" showIcon title="Failed to load the import" description={errorMessage(query.error, query.error.message)} />
        ) : (
          <Skeleton active />
        )}
      </>
    );
  }

  return (
    <>
      <ImportHeader description={view.fileName} />
      {!hasStarted(view.status) ? (
        <Result
          status="info"
          title="This import was not started"
          subTitle="Its file was uploaded but never imported."
          extra={
            <Button type="primary" icon={<UploadOutlined />} onClick={() => navigate('/imports/new')}>
              Start a new import
            </Button>
          }
        />
      ) : (
        <>
          <ImportSteps current={view.status === 'running' ? 'Import' : 'Summary'} failed={view.status === 'failed'} />
          {view.status === 'running' ? <ImportProgressCard view={view} /> : <ImportSummary view={view} />}
        </>
      )}
    </>
  );
}
