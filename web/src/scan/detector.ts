import type { BarcodeFormat, DetectedBarcode } from 'barcode-detector/ponyfill';

/** What we read: our QR labels and the common product and shelf barcodes. */
export const SCAN_FORMATS: BarcodeFormat[] = ['qr_code', 'ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39'];

export interface CodeDetector {
  detect(source: HTMLVideoElement): Promise<Pick<DetectedBarcode, 'rawValue' | 'format'>[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector when it reads our formats (Chrome on Android, macOS), else the
 * zxing-wasm polyfill. The polyfill and its wasm are loaded only here, on the first scan, and the
 * wasm comes from our own assets: by default the polyfill fetches it from a CDN, which an offline
 * stock room (and our CSP) would refuse.
 */
export async function createCodeDetector(): Promise<CodeDetector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    try {
      const supported = new Set(await native.getSupportedFormats());
      const formats = SCAN_FORMATS.filter((format) => supported.has(format));
      if (formats.includes('qr_code') && formats.includes('ean_13')) return new native({ formats });
    } catch {
      // A native API that cannot list its formats is not trusted: use the polyfill.
    }
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Loaded now rather than on the first frame, so that a missing wasm shows as 'unavailable'.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: SCAN_FORMATS });
}
