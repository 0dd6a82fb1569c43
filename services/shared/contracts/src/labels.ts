/**
 * Printable QR labels (docs/scanning.md, "Labels"), rendered as PDF by the inventory service: it
 * owns the items, their codes and barcodes, and keeps the places' names.
 */
export const LabelSubjects = {
  items: 'inventory.labels.items',
  locations: 'inventory.labels.locations',
} as const;

/**
 * Sheets of common label stock: A4 3 × 8 (70 × 37 mm), US Letter 2 × 7 (4 × 1⅓ in, Avery
 * 5162-like), and one 62 × 29 mm label per page for label printers.
 */
export type LabelLayout = 'a4-3x8' | 'letter-2x7' | 'single';
export const LABEL_LAYOUTS: readonly LabelLayout[] = ['a4-3x8', 'letter-2x7', 'single'];
export const DEFAULT_LABEL_LAYOUT: LabelLayout = 'a4-3x8';

/** Labels one request may print: the cap on a request that costs the service a few seconds of CPU. */
export const MAX_LABELS = 1000;

export const LabelMessages = {
  layoutInvalid: `Layout must be one of: ${LABEL_LAYOUTS.join(', ')}`,
  idsInvalid: 'ids must be a comma-separated list of ids of at most 100 characters each',
  tooMany: `At most ${MAX_LABELS} labels can be printed at once: choose fewer`,
  chooseItems: 'Choose the items by one of ids, categoryId or locationId',
  nothingToPrint: 'There are no active items to print labels for',
} as const;

/** Exactly one of the three: the items named (in this order), or every active item of a category or at a place. */
export interface ItemLabelsRequest {
  ids?: string[];
  categoryId?: string;
  locationId?: string;
  layout?: LabelLayout;
}

/** The places named, in this order; without ids, every place of the workspace. */
export interface LocationLabelsRequest {
  ids?: string[];
  layout?: LabelLayout;
}

/** The PDF as base64 pieces, in order: answered in chunks (inChunks) so it may exceed one NATS message. */
export type LabelPdfPieces = string[];

export interface LabelsRpc {
  [LabelSubjects.items]: { request: ItemLabelsRequest; response: LabelPdfPieces };
  [LabelSubjects.locations]: { request: LocationLabelsRequest; response: LabelPdfPieces };
}
