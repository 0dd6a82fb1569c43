/**
 * Codes a scanner reads (docs/scanning.md): products' own barcodes, which users attach to items,
 * and the short codes of our labels, which every item and place has from the start.
 */

/** Most barcodes one item carries (a product with its case and pallet codes, say). */
export const MAX_BARCODES_PER_ITEM = 10;
/** A barcode is any text a scanner reads: EAN-13, UPC-A, Code 128, a supplier's own code. */
export const BARCODE_MAX_LENGTH = 100;
/** Characters of a short code (Crockford base32, 50 bits: unique per workspace well past a million items). */
export const SHORT_CODE_LENGTH = 10;
/** Longest text `by-code` looks up: a barcode, or a short code typed with separators. */
export const CODE_LOOKUP_MAX_LENGTH = BARCODE_MAX_LENGTH;

/** Where a label's QR code points, under the app's public URL: an item, or a place. */
export const LabelPaths = {
  item: (code: string) => `/i/${code}`,
  location: (code: string) => `/l/${code}`,
} as const;

export const CodeMessages = {
  barcodesInvalid: `Barcodes must be a list of at most ${MAX_BARCODES_PER_ITEM} different texts of 1 to ${BARCODE_MAX_LENGTH} characters`,
  barcodeTaken: (barcode: string) => `Another item already has the barcode ${barcode}`,
  barcodesTaken: 'Another item already has one of these barcodes',
  codeInvalid: `A code must be text of 1 to ${CODE_LOOKUP_MAX_LENGTH} characters`,
  itemCodeNotFound: 'No item has this code',
  locationCodeNotFound: 'No location has this code',
} as const;
