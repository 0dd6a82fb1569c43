import { AppstoreOutlined, RollbackOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportView } from '../../../api/imports';
import { Alert, App, Button, Flex, Result, Spin } from 'antd';
import type { ResultProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { formatCount } from '../../../lib/format';
import { mayUndo, useWorkspaceAccess } from '../../workspace/access';
import { useUndoImport } from '../hooks';
import { ErrorsCsvLink } from './ErrorsCsvLink';
import { ImportCounts } from './ImportCounts';

function outcome(view: ImportView): Pick<ResultProps, 'status' | 'icon' | 'title' | 'subTitle'> {
  switch (view.status) {
    case 'failed':
      return { status: 'error', title: 'The import failed', subTitle: view.failure ?? 'The run stopped before the end of the file.' };
    case 'undoing':
      return { icon: <Spin size="large" />, title: 'Undoing the import…', subTitle: 'Taking back what it changed.' };
    case 'undone':
      return {
        status: 'info',
        title: 'Import undone',
        subTitle: 'The items it created are archived, the stock it added is removed and the details it changed are set back.',
      };
    default:
      return {
        status: 'success',
        title: 'Import finished',
        subTitle: `${formatCount(view.processed)} rows of ${view.fileName} processed.`,
      };
  }
}

/** Step 5: what the run did, its skipped rows, and the way back (undo) while nothing has changed since. */
export function ImportSummary({ view }: { view: ImportView }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const access = useWorkspaceAccess();
  const undo = useUndoImport();

  const confirmUndo = () =>
    modal.confirm({
      title: 'Undo this import?',
      content:
        'The items it created are archived, the stock it added is removed and the details it changed are set back. ' +
        'It is refused if any of those items changed since.',
      okText: 'Undo import',
      okButtonProps: { danger: true },
      onOk: () => undo.mutateAsync(view.id).catch(() => undefined),
    });

  const actions = (
    <Flex justify="center" wrap gap={8}>
      <Button type="primary" icon={<AppstoreOutlined />} onClick={() => navigate('/inventory')}>
        View inventory
      </Button>
      {view.status === 'done' && mayUndo(access, access.userId, view.createdBy.id) && (
        <Button danger icon={<RollbackOutlined />} loading={undo.isPending} onClick={confirmUndo}>
          Undo import
        </Button>
      )}
      {access.canWrite && (
        <Button icon={<UploadOutlined />} onClick={() => navigate('/imports/new')}>
          Import another file
        </Button>
      )}
    </Flex>
  );

  return (
    <>
      <Result {...outcome(view)} extra={actions} style={{ paddingBlock: 24 }} />
      <ImportCounts
        counts={[
          { title: 'Created', value: view.created, caption: 'New items' },
          { title: 'Updated', value: view.updated, caption: 'Existing items changed' },
          { title: 'Unchanged', value: view.unchanged, caption: 'Already as in the file' },
          { title: 'Skipped', value: view.skipped, caption: 'Rows with errors' },
        ]}
      />
      {view.errors > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${formatCount(view.errors)} ${view.errors === 1 ? 'problem was' : 'problems were'} found in the file`}
          description={<ErrorsCsvLink importId={view.id}>Download the errors (CSV)</ErrorsCsvLink>}
        />
      )}
    </>
  );
}
