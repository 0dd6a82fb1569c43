import { LABEL_LAYOUTS } from '@inventory/contracts';
import { insideOf, LABEL_SHEETS, labelParts, labelSlot, labelsPerPage, pagesFor } from './label-sheets.js';

const near = (value: number, expected: number) => expect(value).toBeCloseTo(expected, 3);

describe('label sheets', () => {
  it('hold 24 labels on A4, 14 on US Letter and one per page for label printers', () => {
    expect(labelsPerPage(LABEL_SHEETS['a4-3x8'])).toBe(24);
    expect(labelsPerPage(LABEL_SHEETS['letter-2x7'])).toBe(14);
    expect(labelsPerPage(LABEL_SHEETS.single)).toBe(1);
  });

  it('start a new page when one is full, and print one page for no labels', () => {
    const a4 = LABEL_SHEETS['a4-3x8'];
    expect(pagesFor(a4, 0)).toBe(1);
    expect(pagesFor(a4, 24)).toBe(1);
    expect(pagesFor(a4, 25)).toBe(2);
    expect(pagesFor(a4, 30)).toBe(2);
    expect(pagesFor(LABEL_SHEETS['letter-2x7'], 30)).toBe(3);
    expect(pagesFor(LABEL_SHEETS.single, 30)).toBe(30);
  });

  it('fill row by row, left to right', () => {
    const a4 = LABEL_SHEETS['a4-3x8'];
    expect(labelSlot(a4, 0)).toEqual({ page: 0, box: { x: 0, y: 0.5, width: 70, height: 37 } });
    expect(labelSlot(a4, 1).box).toMatchObject({ x: 70, y: 0.5 });
    expect(labelSlot(a4, 3).box).toMatchObject({ x: 0, y: 37.5 });
    expect(labelSlot(a4, 23)).toEqual({ page: 0, box: { x: 140, y: 259.5, width: 70, height: 37 } });
    expect(labelSlot(a4, 24)).toEqual({ page: 1, box: { x: 0, y: 0.5, width: 70, height: 37 } });
  });

  it('place Letter labels where Avery 5162 has them: 0.156 in from the side, 0.188 in apart, centred down the page', () => {
    const letter = LABEL_SHEETS['letter-2x7'];
    const right = labelSlot(letter, 1).box;
    near(right.x, (0.156 + 4 + 0.188) * 25.4);
    near(right.x + right.width, (8.5 - 0.156) * 25.4);
    const last = labelSlot(letter, 13).box;
    near(labelSlot(letter, 0).box.y, (5 / 6) * 25.4);
    near(11 * 25.4 - (last.y + last.height), (5 / 6) * 25.4);
  });

  it.each(LABEL_LAYOUTS)('keep every label of %s on its page', (layout) => {
    const sheet = LABEL_SHEETS[layout];
    for (let i = 0; i < labelsPerPage(sheet); i++) {
      const { box } = labelSlot(sheet, i);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(sheet.page.width + 1e-9);
      expect(box.y + box.height).toBeLessThanOrEqual(sheet.page.height + 1e-9);
    }
  });

  it.each(LABEL_LAYOUTS)('give the QR code of a %s label a square as tall as its inside, the text the rest', (layout) => {
    const sheet = LABEL_SHEETS[layout];
    const inside = insideOf(labelSlot(sheet, 0).box, sheet.padding);
    const { qr, text } = labelParts(inside);
    expect(qr.width).toBe(qr.height);
    expect(qr.height).toBe(inside.height);
    expect(text.x).toBeGreaterThan(qr.x + qr.width);
    near(text.x + text.width, inside.x + inside.width);
    expect(text.width).toBeGreaterThan(25);
  });
});
