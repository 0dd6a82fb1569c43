import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CodeDetector } from './detector';

export type ScannerStatus =
  /** Asking for the camera and loading the reader. */
  | 'starting'
  | 'scanning'
  /** The person (or the site settings) refused the camera. */
  | 'denied'
  /** No camera, no getUserMedia (a page not served over HTTPS), or the reader failed to load. */
  | 'unavailable';

export interface BarcodeScannerOptions {
  /** Called once per read code; the same code again within `repeatAfterMs` of its last sighting is ignored. */
  onCode: (text: string) => void;
  /** Camera on while true. */
  active: boolean;
  repeatAfterMs?: number;
}

/** How often a frame is read: often enough to feel instant, rare enough to spare a phone's battery. */
const FRAME_INTERVAL_MS = 150;
export const REPEAT_AFTER_MS = 2000;

/**
 * Reads codes continuously from the back camera into `videoRef`'s video element. Reusable by any
 * screen that scans (the scan drawer, stock counts): it knows nothing about what a code means.
 */
export function useBarcodeScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  { onCode, active, repeatAfterMs = REPEAT_AFTER_MS }: BarcodeScannerOptions,
) {
  const [state, setState] = useState<{ status: ScannerStatus; detail: string | null }>({ status: 'starting', detail: null });
  // The latest callback without restarting the camera when the caller re-renders.
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const lastSeen = new Map<string, number>();
    const video = videoRef.current;
    const fail = (status: ScannerStatus, detail: string | null = null) => !stopped && setState({ status, detail });

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        return fail('unavailable', 'This browser gives no camera access to this page (the app must be opened over HTTPS).');
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NotAllowedError' || name === 'SecurityError') return fail('denied');
        return fail(
          'unavailable',
          name === 'NotFoundError' || name === 'OverconstrainedError' ? 'No camera was found on this device.' : null,
        );
      }
      if (stopped || !video) return stream.getTracks().forEach((track) => track.stop());
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      let detector: CodeDetector;
      try {
        // Loaded on the first scan only: the polyfill and its wasm stay out of the app's first load.
        const { createCodeDetector } = await import('./detector');
        detector = await createCodeDetector();
      } catch {
        return fail('unavailable', 'The barcode reader could not be loaded.');
      }
      if (stopped) return;
      setState({ status: 'scanning', detail: null });
      const tick = async () => {
        if (stopped) return;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
          try {
            const found = await detector.detect(video);
            const now = Date.now();
            for (const { rawValue } of found) {
              if (!rawValue) continue;
              const last = lastSeen.get(rawValue);
              // The window slides: a label held in view reads once, not every two seconds.
              lastSeen.set(rawValue, now);
              if (last === undefined || now - last > repeatAfterMs) onCodeRef.current(rawValue);
            }
          } catch {
            // One unreadable frame (a resize, a frame not yet decoded) is no reason to stop.
          }
        }
        if (!stopped) timer = setTimeout(tick, FRAME_INTERVAL_MS);
      };
      void tick();
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      if (video) video.srcObject = null;
      // The next start begins where the first did.
      setState({ status: 'starting', detail: null });
    };
  }, [active, repeatAfterMs, videoRef]);

  return state;
}
