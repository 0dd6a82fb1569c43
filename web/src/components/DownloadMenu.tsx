import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type ButtonProps } from 'antd';
import { useState } from 'react';
import { downloadFrom } from '../lib/download';

export interface DownloadLink {
  key: string;
  label: string;
  href: string;
}

interface DownloadMenuProps {
  label: string;
  links: readonly DownloadLink[];
  block?: boolean;
  type?: ButtonProps['type'];
}

/** A button that opens a menu of files to download; choosing one (by mouse or keyboard) downloads it. */
export function DownloadMenu({ label, links, block, type }: DownloadMenuProps) {
  const [open, setOpen] = useState(false);
  const hrefs = new Map(links.map((link) => [link.key, link.href]));
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: links.map((link) => ({ key: link.key, label: link.label, icon: <DownloadOutlined aria-hidden /> })),
        onClick: ({ key }) => downloadFrom(hrefs.get(key)!),
        'aria-label': label,
      }}
    >
      <Button block={block} type={type} icon={<DownloadOutlined />} aria-haspopup="menu" aria-expanded={open}>
        {label}
        <DownOutlined aria-hidden style={{ fontSize: 12 }} />
      </Button>
    </Dropdown>
  );
}
