import { CameraOutlined, CloseOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Item } from '../api/inventory';
import { useItem } from '../features/inventory/hooks';
import { CameraScanner } from './CameraScanner';
import type { ScannedCode } from './codes';
import { signalRead } from './feedback';
import { ManualCodeEntry } from './ManualCodeEntry';
import { ScanSheet } from './ScanSheet';
import { setHereLocation, useHereLocation } from './scan-session';
import { UnknownCodeOffer } from './UnknownCodeOffer';
import { useScanResolver, type ScanResult } from './use-scan-resolver';

interface ScanSessionProps {
  /** Camera on while true (the drawer is open). */
  active: boolean;
  /** Start with the camera on (the Scan button) or off (a label's link opened by the phone's camera app). */
  cameraOnAtStart?: boolean;
  /** A code to resolve at once: the one in a label's link. */
  initialCode?: ScannedCode;
}

/** Scanning: the camera, typed codes, and what the last code showed (item sheet, 'here', unknown barcode). */
export function ScanSession({ active, cameraOnAtStart = true, initialCode }: ScanSessionProps) {
  const [cameraOn, setCameraOn] = useState(cameraOnAtStart);
  const here = useHereLocation();
  const { result, looking, resolve, resolveScanned, showItem } = useScanResolver();
  const resolved = useRef<ScannedCode | undefined>(undefined);

  // Once per code (a strict-mode double effect would look it up twice).
  useEffect(() => {
    if (initialCode && resolved.current !== initialCode) {
      resolved.current = initialCode;
      void resolveScanned(initialCode);
    }
  }, [initialCode, resolveScanned]);

  const onCameraCode = useCallback(
    (text: string) => {
      signalRead();
      void resolve(text);
    },
    [resolve],
  );

  return (
    <Flex vertical gap={16}>
      {cameraOn ? (
        <Flex vertical gap={8}>
          <CameraScanner onCode={onCameraCode} active={active} height={result ? 160 : 260} />
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined aria-hidden />}
            onClick={() => setCameraOn(false)}
            style={{ alignSelf: 'flex-end' }}
          >
            Camera off
          </Button>
        </Flex>
      ) : (
        <Button size="large" block icon={<CameraOutlined aria-hidden />} onClick={() => setCameraOn(true)} style={{ height: 56 }}>
          Scan with the camera
        </Button>
      )}
      <ManualCodeEntry onCode={resolve} loading={looking} />
      {here && (
        <Flex align="center" justify="space-between" gap={8}>
          <Typography.Text>
            <EnvironmentOutlined aria-hidden /> Here: <strong>{here.name}</strong>
          </Typography.Text>
          <Button type="link" size="small" onClick={() => setHereLocation(null)}>
            Clear
          </Button>
        </Flex>
      )}
      <ResultView result={result} onItem={showItem} />
    </Flex>
  );
}

function ResultView({ result, onItem }: { result: ScanResult | null; onItem: (item: Item, scannedText: string) => void }) {
  if (!result) return null;
  switch (result.kind) {
    case 'item':
      return <ItemResult itemId={result.itemId} scannedText={result.scannedText} />;
    case 'unknown':
      return <UnknownCodeOffer key={result.code} code={result.code} onResolved={(item) => onItem(item, result.code)} />;
    case 'here':
      return (
        <Alert
          type="success"
          showIcon
          role="status"
          title={`Here is now ${result.name}`}
          description="Scan items to add, remove, count or move them here."
          data-testid="scan-here-set"
        />
      );
    case 'error':
      return <Alert type="warning" showIcon title={result.message} />;
  }
}

function ItemResult({ itemId, scannedText }: { itemId: string; scannedText: string }) {
  const item = useItem(itemId);
  // Keyed: another item starts over (one piece, no message from the previous one).
  if (item.data) return <ScanSheet key={item.data.id} item={item.data} scannedText={scannedText} />;
  if (item.isError) return <Alert type="warning" showIcon title="This item is no longer available." />;
  return <Spin />;
}
