import type { QueryOf } from './client';
import { HttpError } from './http';

export type LabelLayout = NonNullable<QueryOf<'printItemLabels'>['layout']>;

/** What to label (docs/scanning.md, "Labels"): items by id, or places by id. */
export type LabelTarget = { kind: 'items'; ids: string[] } | { kind: 'locations'; ids: string[] };

/** The sheets the server prints on (the description's list, by type), as people know them. */
export const LABEL_LAYOUT_CHOICES: { value: LabelLayout; title: string; detail: string }[] = [
  { value: 'a4-3x8', title: 'A4 sheet, 3 × 8', detail: '24 labels of 70 × 37 mm' },
  { value: 'letter-2x7', title: 'US Letter sheet, 2 × 7', detail: '14 labels of 4 × 1⅓ in (Avery 5162)' },
  { value: 'single', title: 'Label printer', detail: 'One 62 × 29 mm label per page' },
];

export const labelsUrl = (target: LabelTarget, layout: LabelLayout): string =>
  `/api/labels/${target.kind}.pdf?${new URLSearchParams({ ids: target.ids.join(','), layout })}`;

export const labelsFileName = (target: LabelTarget, layout: LabelLayout): string =>
  `${target.kind === 'items' ? 'item' : 'location'}-labels-${layout}.pdf`;

/** The PDF as a blob: fetched rather than linked, so that a refusal shows its message instead of saving it as a file. */
export async function fetchLabelsPdf(target: LabelTarget, layout: LabelLayout): Promise<Blob> {
  const res = await fetch(labelsUrl(target, layout), { credentials: 'include', headers: { accept: 'application/pdf, application/json' } });
  if (!res.ok) throw new HttpError(res.status, res.statusText, await res.text());
  return res.blob();
}
