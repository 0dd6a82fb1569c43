import type { LabelLayout } from '@inventory/contracts';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { insideOf, labelParts, labelSlot, LABEL_SHEETS, labelsPerPage } from '../../../services/inventory/src/labels/label-sheets.js';

// jsqr is CommonJS whose module.exports is the function; its types describe an ES module's default.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

/** Dots per inch of the rasterized pages: a QR module of the smallest label is still 4-5 pixels. */
const DPI = 150;
const px = (mm: number) => Math.round((mm / 25.4) * DPI);
// Asynchronous throughout: the gateway and the services share this process, and a long synchronous
// stretch lets their keep-alive timers close sockets under the next request (ECONNRESET).
const run = promisify(execFile);

/** A PDF in a temporary folder for poppler's tools, removed afterwards. */
async function withPdfFile<T>(pdf: Buffer, use: (dir: string, file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'labels-'));
  try {
    await writeFile(join(dir, 'labels.pdf'), pdf);
    return await use(dir, join(dir, 'labels.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The page count as poppler reads it (the PDF must parse for this to answer). */
export const pageCountOf = (pdf: Buffer): Promise<number> =>
  withPdfFile(pdf, async (_, file) => Number(/^Pages:\s+(\d+)$/m.exec((await run('pdfinfo', [file])).stdout)?.[1]));

/**
 * What every QR code of a label PDF says, label by label in print order: each page rasterized with
 * pdftoppm, each label's QR square cut out where the layout puts it and read with jsQR. A slot
 * without a readable QR code ends the list (the last page's empty slots).
 */
export function decodeLabelQrCodes(pdf: Buffer, layout: LabelLayout): Promise<string[]> {
  const sheet = LABEL_SHEETS[layout];
  return withPdfFile(pdf, async (dir, file) => {
    await run('pdftoppm', ['-r', String(DPI), '-png', file, join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((name) => name.endsWith('.png')).sort();
    const texts: string[] = [];
    for (const [pageIndex, name] of pages.entries()) {
      const page = PNG.sync.read(await readFile(join(dir, name)));
      for (let slot = 0; slot < labelsPerPage(sheet); slot++) {
        await nextTurn();
        const { box } = labelSlot(sheet, pageIndex * labelsPerPage(sheet) + slot);
        const { qr } = labelParts(insideOf(box, sheet.padding));
        // The square with a margin of white around it (the label's padding), as a scanner sees it.
        const text = readQr(page, px(qr.x - 1), px(qr.y - 1), px(qr.width + 2));
        if (text === null) return texts;
        texts.push(text);
      }
    }
    return texts;
  });
}

function readQr(page: PNG, left: number, top: number, side: number): string | null {
  const pixels = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    const from = ((top + y) * page.width + left) * 4;
    pixels.set(page.data.subarray(from, from + side * 4), y * side * 4);
  }
  return jsQR(pixels, side, side)?.data ?? null;
}
