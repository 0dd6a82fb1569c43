/**
 * A page by number costs every row before it (an index walk passes them one by one). From this many
 * rows in, a page whose total is known is read from whichever end of the order is nearer
 * (docs/reports.md, "At scale").
 */
export const FAR_FROM_THE_START = 1_000;

/** The page read in the opposite order: its rows, turned round, are the page asked for. */
export interface FromTheEnd {
  offset: number;
  limit: number;
}

/**
 * How to read rows `offset`…`offset + limit - 1` of `total` from the end instead: null when the
 * start is as near (read as asked), and a limit of 0 past the last row.
 */
export function fromTheEnd(offset: number, limit: number, total: number): FromTheEnd | null {
  if (offset < FAR_FROM_THE_START || offset * 2 < total) return null;
  const toTheEnd = Math.max(0, total - offset);
  const rows = Math.min(limit, toTheEnd);
  return { offset: toTheEnd - rows, limit: rows };
}
