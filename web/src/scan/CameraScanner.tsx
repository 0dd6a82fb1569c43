import { Alert, Spin, theme, Typography } from 'antd';
import { useRef } from 'react';
import { useBarcodeScanner } from './use-barcode-scanner';

interface CameraScannerProps {
  /** A code read from the camera (raw text; see codes.ts for what it means). */
  onCode: (text: string) => void;
  /** Camera on while true (a closed drawer or a hidden tab should free it). */
  active?: boolean;
  /** Height of the viewfinder in px. */
  height?: number;
}

/**
 * The camera viewfinder that reads codes continuously. Lazily loaded (LazyCameraScanner) so that
 * screens which never scan do not pay for it; the reader itself loads on the first scan.
 */
export function CameraScanner({ onCode, active = true, height = 240 }: CameraScannerProps) {
  const { token } = theme.useToken();
  const videoRef = useRef<HTMLVideoElement>(null);
  const { status, detail } = useBarcodeScanner(videoRef, { onCode, active });

  if (status === 'denied') {
    return (
      <Alert
        type="warning"
        showIcon
        title="Camera access was refused"
        description={
          <>
            Scanning needs the camera. Allow it for this site (the camera icon in the address bar, or the browser&apos;s site settings) and
            open the scanner again. Until then, type the code below: it works the same.
          </>
        }
        data-testid="camera-denied"
      />
    );
  }
  if (status === 'unavailable') {
    return (
      <Alert
        type="info"
        showIcon
        title="The camera cannot be used here"
        description={`${detail ?? 'The camera could not be started.'} Type the code below instead.`}
      />
    );
  }

  return (
    <div
      style={{
        position: 'relative',
        height,
        borderRadius: token.borderRadiusLG,
        overflow: 'hidden',
        background: '#000',
      }}
    >
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Camera view: point it at a label or a barcode"
        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      {/* The aiming frame: where a code reads best. */}
      <div
        aria-hidden
        style={{
          position: 'absolute',
          inset: '18% 14%',
          border: '2px solid rgba(255,255,255,0.85)',
          borderRadius: 12,
          boxShadow: '0 0 0 2000px rgba(0,0,0,0.25)',
          pointerEvents: 'none',
        }}
      />
      <Typography.Text
        role="status"
        style={{ position: 'absolute', left: 0, right: 0, bottom: 8, textAlign: 'center', color: '#fff', fontSize: 13 }}
      >
        {status === 'starting' ? (
          <>
            <Spin size="small" /> Starting the camera (allow it if the browser asks)…
          </>
        ) : (
          'Point the camera at a label or a barcode'
        )}
      </Typography.Text>
    </div>
  );
}
