import { Card } from 'antd';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { ScanSession } from './ScanSession';

/**
 * /i/:code and /l/:code, where a label's QR code leads when a phone's own camera app reads it: the
 * item's scan sheet, or 'here' set to the place. The camera stays off until asked for.
 */
export function ScanLinkPage({ kind }: { kind: 'item' | 'location' }) {
  const { code = '' } = useParams();
  const initialCode = useMemo(() => ({ kind, code }), [kind, code]);
  return (
    <Card style={{ maxWidth: 560, marginInline: 'auto' }} styles={{ body: { padding: 16 } }}>
      <ScanSession key={`${kind}/${code}`} active cameraOnAtStart={false} initialCode={initialCode} />
    </Card>
  );
}

/** Route elements (lazy routes take no props). */
export const ItemLinkPage = () => <ScanLinkPage kind="item" />;
export const LocationLinkPage = () => <ScanLinkPage kind="location" />;
