import { ScanOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';

// The drawer, the sheet and (on the first scan) the reader load when the button is first pressed.
const ScanDrawer = lazy(async () => ({ default: (await import('./ScanDrawer')).ScanDrawer }));

/** The top bar's 'Scan' button and the drawer it opens. */
export function ScanButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        icon={<ScanOutlined aria-hidden />}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        Scan
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ScanDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
