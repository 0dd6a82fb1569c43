import { HistoryOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';

/** The wizard's heading, on /imports/new and on an import's own page. */
export function ImportHeader({ description }: { description: string }) {
  const navigate = useNavigate();
  return (
    <PageHeader
      title="Bulk Import"
      description={description}
      actions={
        <Button icon={<HistoryOutlined />} onClick={() => navigate('/imports')}>
          Import history
        </Button>
      }
    />
  );
}
