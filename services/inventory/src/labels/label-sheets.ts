import type { LabelLayout } from '@inventory/contracts';

/** Millimetres: every length of a sheet and a label (jsPDF draws in mm too). */
const INCH = 25.4;

export interface Size {
  width: number;
  height: number;
}

export interface Box extends Size {
  x: number;
  y: number;
}

/** A sheet of label stock: its page, one label, the grid, where the grid starts and the step between labels. */
export interface LabelSheet {
  page: Size;
  label: Size;
  columns: number;
  rows: number;
  /** The top left corner of the first label. */
  origin: { x: number; y: number };
  /** From one label's corner to the next one's, across and down (label size plus the gap). */
  pitch: { x: number; y: number };
  /** Blank edge inside each label: printers and die-cut stock are never exact. */
  padding: number;
  /** Font sizes in points: the name, and the other lines. */
  fontSizes: { name: number; detail: number };
}

/**
 * The stock each layout prints on (docs/scanning.md, "Labels"). A4 3 × 8: 70 × 37 mm labels edge
 * to edge, 0.5 mm above and below the grid. Letter 2 × 7: Avery 5162's 4 × 1⅓ in labels, 0.156 in
 * side margins, 0.188 in between the columns, the grid centred down the page. Single: a 62 × 29 mm
 * die-cut label (Brother DK-11209 and the like), one per page.
 */
export const LABEL_SHEETS: Record<LabelLayout, LabelSheet> = {
  'a4-3x8': {
    page: { width: 210, height: 297 },
    label: { width: 70, height: 37 },
    columns: 3,
    rows: 8,
    origin: { x: 0, y: 0.5 },
    pitch: { x: 70, y: 37 },
    padding: 3,
    fontSizes: { name: 10, detail: 7.5 },
  },
  'letter-2x7': {
    page: { width: 8.5 * INCH, height: 11 * INCH },
    label: { width: 4 * INCH, height: (4 / 3) * INCH },
    columns: 2,
    rows: 7,
    origin: { x: 0.156 * INCH, y: ((11 - 7 * (4 / 3)) / 2) * INCH },
    pitch: { x: 4.188 * INCH, y: (4 / 3) * INCH },
    padding: 3,
    fontSizes: { name: 11, detail: 8 },
  },
  single: {
    page: { width: 62, height: 29 },
    label: { width: 62, height: 29 },
    columns: 1,
    rows: 1,
    origin: { x: 0, y: 0 },
    pitch: { x: 62, y: 29 },
    padding: 2,
    fontSizes: { name: 9, detail: 7 },
  },
};

export const labelsPerPage = (sheet: LabelSheet) => sheet.columns * sheet.rows;

/** Pages for `count` labels: filled row by row, a new page when one is full. */
export const pagesFor = (sheet: LabelSheet, count: number) => Math.max(1, Math.ceil(count / labelsPerPage(sheet)));

/** Where the `index`-th label goes: its page (from 0) and its box on that page. */
export function labelSlot(sheet: LabelSheet, index: number): { page: number; box: Box } {
  const perPage = labelsPerPage(sheet);
  const onPage = index % perPage;
  const column = onPage % sheet.columns;
  const row = Math.floor(onPage / sheet.columns);
  return {
    page: Math.floor(index / perPage),
    box: { x: sheet.origin.x + column * sheet.pitch.x, y: sheet.origin.y + row * sheet.pitch.y, ...sheet.label },
  };
}

/** The printable part of a label: its box without the padding. */
export const insideOf = (box: Box, padding: number): Box => ({
  x: box.x + padding,
  y: box.y + padding,
  width: box.width - 2 * padding,
  height: box.height - 2 * padding,
});

/** Between the QR code and the text beside it. */
const QR_GAP = 2;

/** A label's parts: the QR code, a square as tall as the label's inside, at the left; the text column beside it. */
export function labelParts(inside: Box): { qr: Box; text: Box } {
  const side = Math.min(inside.height, inside.width / 2);
  return {
    qr: { x: inside.x, y: inside.y, width: side, height: side },
    text: { x: inside.x + side + QR_GAP, y: inside.y, width: inside.width - side - QR_GAP, height: inside.height },
  };
}
