import { Drawer } from 'antd';
import { useIsMobile } from '../lib/use-media-query';
import { ScanSession } from './ScanSession';

interface ScanDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The Scan button's panel: the whole screen on a phone (one hand, thumb reach), a side panel on a desk. */
export function ScanDrawer({ open, onClose }: ScanDrawerProps) {
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Scan"
      placement={isMobile ? 'bottom' : 'right'}
      size={isMobile ? '100%' : 460}
      // Closing frees the camera (the session unmounts) and the next opening starts afresh.
      destroyOnHidden
      styles={{ body: { padding: isMobile ? 12 : 16 } }}
    >
      <ScanSession active={open} />
    </Drawer>
  );
}
