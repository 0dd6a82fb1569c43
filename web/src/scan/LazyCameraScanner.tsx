import { lazy } from 'react';

/**
 * The viewfinder for other screens that scan (stock counts, say), loaded on first use: wrap it in
 * <Suspense>. Props as CameraScanner's (`onCode(text)`, `active`, `height`); read the text with
 * parseScannedCode (codes.ts).
 */
export const LazyCameraScanner = lazy(async () => ({ default: (await import('./CameraScanner')).CameraScanner }));
