import { DownloadOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { importErrorsCsvUrl } from '../../../api/imports';

/** Every row error of the import's latest preview or run, as a file (the screen lists only the first). */
export function ErrorsCsvLink({ importId, children = 'Download all errors (CSV)' }: { importId: string; children?: string }) {
  return (
    <Typography.Link href={importErrorsCsvUrl(importId)} download>
      <DownloadOutlined /> {children}
    </Typography.Link>
  );
}
