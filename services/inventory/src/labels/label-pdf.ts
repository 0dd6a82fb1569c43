import bwipjs from 'bwip-js';
import { jsPDF } from 'jspdf';
import { setImmediate as nextTurn } from 'node:timers/promises';
import QRCode from 'qrcode';
import { insideOf, labelParts, labelSlot, type Box, type LabelSheet } from './label-sheets.js';

/** What one label shows. */
export interface LabelContent {
  /** What the QR code encodes: the record's page in this app. */
  url: string;
  name: string;
  /** Smaller lines under the name (the SKU, the kind of record). */
  details: string[];
  /** The short code for reading and typing, e.g. `7KQ2M-X9D4B`. */
  code: string;
  /** Printed as Code 128 when it fits (and is text Code 128 can carry). */
  barcode: string | null;
}

const POINT = 25.4 / 72;
const LINE_SPACING = 1.15;
/** Light modules around the QR code inside its square; the label's padding adds the rest of the quiet zone. */
const QR_QUIET_MODULES = 1;
/**
 * Code 128 bar width (mm): wider reads from farther away; below the minimum a 203 dpi label printer
 * or a phone camera no longer resolves the bars, so the barcode is printed as text instead.
 */
const BAR_MODULE_MAX = 0.33;
const BAR_MODULE_MIN = 0.17;
/** Code 128's quiet zone on each side, in modules. */
const BAR_QUIET_MODULES = 10;
/** Part of the text column's height the bars take when there is a barcode. */
const BAR_HEIGHT_SHARE = 0.26;

/**
 * Labels on sheets (docs/scanning.md, "Labels"): every label a vector QR code, the name, detail
 * lines, the short code and, when there is one, a Code 128 barcode, placed on `sheet` row by row.
 * Vectors, not images, so labels stay sharp at any printer resolution and a thousand of them make
 * a PDF of about a megabyte. A thousand labels take a few seconds of CPU: the work yields to the
 * event loop after every few labels, so the service's other requests are not held up meanwhile.
 */
export async function renderLabelsPdf(labels: readonly LabelContent[], sheet: LabelSheet): Promise<Buffer> {
  const { width, height } = sheet.page;
  // Lengths to 1/100 pt: jsPDF's default writes 16 digits, which doubles the file and the time.
  const orientation = width > height ? 'landscape' : 'portrait';
  const doc = new jsPDF({ unit: 'mm', format: [width, height], orientation, compress: true, floatPrecision: 2 });
  doc.setProperties({ title: 'Labels', creator: 'Inventory' });
  for (const [index, label] of labels.entries()) {
    if (index > 0 && index % LABELS_PER_TURN === 0) await nextTurn();
    const { page, box } = labelSlot(sheet, index);
    if (page + 1 > doc.getNumberOfPages()) doc.addPage();
    drawLabel(doc, label, insideOf(box, sheet.padding), sheet.fontSizes);
  }
  return Buffer.from(doc.output('arraybuffer'));
}

/** Labels drawn between two turns of the event loop (a few tens of milliseconds). */
const LABELS_PER_TURN = 10;

function drawLabel(doc: jsPDF, label: LabelContent, inside: Box, fontSizes: LabelSheet['fontSizes']): void {
  const { qr, text } = labelParts(inside);
  drawQr(doc, label.url, qr);
  const bars = label.barcode === null ? null : code128Bars(label.barcode);
  const barcodeHeight = label.barcode === null ? 0 : text.height * BAR_HEIGHT_SHARE + fontSizes.detail * POINT * LINE_SPACING;
  let y = text.y;
  doc.setTextColor(0);
  // The name takes what the other lines and the barcode leave, at most three lines.
  const detailLines = label.details.length + 1;
  const detailHeight = detailLines * fontSizes.detail * POINT * LINE_SPACING;
  const nameLineHeight = fontSizes.name * POINT * LINE_SPACING;
  const nameLines = Math.max(1, Math.min(3, Math.floor((text.height - barcodeHeight - detailHeight) / nameLineHeight)));
  y = writeLines(doc, label.name, { font: ['helvetica', 'bold'], size: fontSizes.name }, text, y, nameLines);
  for (const detail of label.details) y = writeLines(doc, detail, { font: ['helvetica', 'normal'], size: fontSizes.detail }, text, y, 1);
  writeLines(doc, label.code, { font: ['courier', 'bold'], size: fontSizes.detail }, text, y, 1);
  if (label.barcode !== null) {
    const area = { ...text, y: text.y + text.height - barcodeHeight, height: barcodeHeight };
    drawBarcode(doc, label.barcode, bars, area, fontSizes.detail);
  }
}

interface TextStyle {
  font: [string, string];
  size: number;
}

/** Writes `value` from `y` down, wrapped to the box, cut with an ellipsis after `maxLines`; answers the next line's y. */
function writeLines(doc: jsPDF, value: string, style: TextStyle, box: Box, y: number, maxLines: number): number {
  doc.setFont(...style.font);
  doc.setFontSize(style.size);
  const lines = fitLines(doc, printable(value), box.width, maxLines);
  const lineHeight = style.size * POINT * LINE_SPACING;
  lines.forEach((line, i) => doc.text(line, box.x, y + i * lineHeight, { baseline: 'top' }));
  return y + lines.length * lineHeight;
}

const ELLIPSIS = '…';

function fitLines(doc: jsPDF, value: string, width: number, maxLines: number): string[] {
  const lines = doc.splitTextToSize(value, width) as string[];
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1];
  while (last.length > 0 && doc.getTextWidth(last + ELLIPSIS) > width) last = last.slice(0, -1);
  kept[maxLines - 1] = last.trimEnd() + ELLIPSIS;
  return kept;
}

/** The characters beyond Latin-1 that WinAnsi (the standard PDF fonts' encoding) has. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard PDF fonts can show: they have no glyphs outside WinAnsi, and jsPDF would print
 * such characters as garbage, so each becomes '?' (the QR code and the short code still name the record).
 */
export function printable(value: string): string {
  return [...value.normalize('NFC')]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char) ? char : '?';
    })
    .join('');
}

/** The QR code as filled squares, each row's dark runs drawn as one rectangle. */
function drawQr(doc: jsPDF, url: string, box: Box): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const module = box.width / (size + 2 * QR_QUIET_MODULES);
  const left = box.x + QR_QUIET_MODULES * module;
  const top = box.y + QR_QUIET_MODULES * module;
  doc.setFillColor(0, 0, 0);
  for (let row = 0; row < size; row++) {
    let column = 0;
    while (column < size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && modules.get(row, column)) column++;
      // A hair taller than a module, so that rows meet without a seam when rasterized.
      doc.rect(left + start * module, top + row * module, (column - start) * module, module + 0.01, 'F');
    }
  }
}

/** Bar and space widths in modules (bar first), or null when Code 128 cannot carry the text. */
function code128Bars(barcode: string): number[] | null {
  try {
    const [symbol] = bwipjs.raw('code128', barcode, '') as { sbs: number[] }[];
    return symbol.sbs;
  } catch {
    return null;
  }
}

/** The bars, centred in the area, the barcode's text under them; the text alone when the bars would be too thin. */
function drawBarcode(doc: jsPDF, barcode: string, bars: number[] | null, area: Box, fontSize: number): void {
  const textHeight = fontSize * POINT * LINE_SPACING;
  const modules = bars === null ? 0 : bars.reduce((sum, width) => sum + width, 0);
  const module = bars === null ? 0 : Math.min(BAR_MODULE_MAX, area.width / (modules + 2 * BAR_QUIET_MODULES));
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(fontSize);
  if (bars !== null && module >= BAR_MODULE_MIN) {
    const barHeight = area.height - textHeight;
    let x = area.x + (area.width - modules * module) / 2;
    doc.setFillColor(0, 0, 0);
    bars.forEach((width, i) => {
      if (i % 2 === 0) doc.rect(x, area.y, width * module, barHeight, 'F');
      x += width * module;
    });
    const [line] = fitLines(doc, printable(barcode), area.width, 1);
    doc.text(line, area.x + area.width / 2, area.y + barHeight + 0.3, { baseline: 'top', align: 'center' });
  } else {
    const [line] = fitLines(doc, printable(barcode), area.width, 1);
    doc.text(line, area.x, area.y + area.height - textHeight, { baseline: 'top' });
  }
}
