import { LABEL_LAYOUTS } from '@inventory/contracts';
import { printable, renderLabelsPdf, type LabelContent } from './label-pdf.js';
import { LABEL_SHEETS } from './label-sheets.js';

const label = (i: number, barcode: string | null = null): LabelContent => ({
  url: `https://stock.example.com/i/ABCDE${String(i).padStart(5, '0')}`,
  name: `Cordless drill ${i} with a name long enough to need more than one line on any label we print`,
  details: [`SKU DR-${i}`],
  code: `ABCDE-${String(i).padStart(5, '0')}`,
  barcode,
});

/** Pages as the PDF's page tree counts them (object headers stay plain text when streams are compressed). */
const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('a PDF of labels', () => {
  it.each([
    ['a4-3x8', 30, 2],
    ['letter-2x7', 30, 3],
    ['single', 3, 3],
  ] as const)('on %s puts %i labels on %i pages', async (layout, count, pages) => {
    const pdf = await renderLabelsPdf(
      Array.from({ length: count }, (_, i) => label(i, i % 2 === 0 ? '4006381333931' : null)),
      LABEL_SHEETS[layout],
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pagesOf(pdf)).toBe(pages);
  });

  it.each(LABEL_LAYOUTS)('on %s prints a barcode Code 128 cannot carry as text instead of failing', async (layout) => {
    const pdf = await renderLabelsPdf([label(1, 'Ünïcödé ✓ code'), label(2, 'x'.repeat(100))], LABEL_SHEETS[layout]);
    expect(pagesOf(pdf)).toBe(layout === 'single' ? 2 : 1);
  });

  it('stays small for a thousand labels (vectors, compressed)', async () => {
    const pdf = await renderLabelsPdf(
      Array.from({ length: 1000 }, (_, i) => label(i, `40063813${String(i).padStart(5, '0')}`)),
      LABEL_SHEETS['a4-3x8'],
    );
    expect(pagesOf(pdf)).toBe(42);
    expect(pdf.length).toBeLessThan(2_000_000);
  });
});

describe('printable text', () => {
  it('keeps what the standard PDF fonts show and marks the rest', () => {
    expect(printable('Café “Ø” – 5 €')).toBe('Café “Ø” – 5 €');
    expect(printable('Дрель 電動 🔧')).toBe('????? ?? ?');
    expect(printable('Cafe\u0301')).toBe('Café');
  });
});
