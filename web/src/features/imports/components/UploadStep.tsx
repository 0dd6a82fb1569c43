import { DownloadOutlined, InboxOutlined, LoadingOutlined } from '@ant-design/icons';
import type { ImportUpload } from '../../../api/imports';
import { Card, Flex, Typography, Upload } from 'antd';
import { useToast } from '../../../lib/toast';
import { useUploadImport } from '../hooks';
import { IMPORT_ACCEPT, fileProblem } from '../import-rules';
import { TEMPLATE_FILE_NAME, templateHref } from '../template';

/** Step 1: a CSV or Excel file, dropped or chosen; the server answers its columns and first rows. */
export function UploadStep({ onUploaded }: { onUploaded: (upload: ImportUpload) => void }) {
  const toast = useToast();
  const upload = useUploadImport();

  function beforeUpload(file: File) {
    const problem = fileProblem(file);
    if (problem) toast({ title: 'Error', description: problem, variant: 'destructive' });
    else upload.mutate(file, { onSuccess: onUploaded });
    // The API client sends the file (with the session's CSRF token), not antd's own request.
    return false;
  }

  return (
    <Card>
      <Upload.Dragger accept={IMPORT_ACCEPT} showUploadList={false} beforeUpload={beforeUpload} disabled={upload.isPending} maxCount={1}>
        <p className="ant-upload-drag-icon">{upload.isPending ? <LoadingOutlined /> : <InboxOutlined />}</p>
        <p className="ant-upload-text">{upload.isPending ? `Reading ${upload.variables.name}…` : 'Click or drag a file to this area'}</p>
        <p className="ant-upload-hint">A CSV or Excel (.xlsx) file up to 50 MB, with the column names in its first row.</p>
      </Upload.Dragger>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">One item per row. Our own export imports as it is.</Typography.Text>
        <Typography.Link href={templateHref()} download={TEMPLATE_FILE_NAME}>
          <DownloadOutlined /> Download template
        </Typography.Link>
      </Flex>
    </Card>
  );
}
