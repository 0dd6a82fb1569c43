import { escapeFormula, unescapeFormula } from './spreadsheet-cells.js';

describe('escapeFormula', () => {
  it.each(['=1+1', '+49 30 1234', '-5% off', '@SUM(A1)', '\t=cmd', '\r=cmd', '=HYPERLINK("http://x","y")'])(
    'writes %j with a leading apostrophe, so a spreadsheet shows it as text',
    (text) => {
      expect(escapeFormula(text)).toBe(`'${text}`);
    },
  );

  it.each(['Drill', '', ' =not first', 'a=b', "O'Brien", "'quoted", '19.99', 'Café'])('leaves %j as it is', (text) => {
    expect(escapeFormula(text)).toBe(text);
  });

  it('adds one more apostrophe to text that already starts with one before a formula character', () => {
    expect(escapeFormula("'=x")).toBe("''=x");
  });
});

describe('unescapeFormula', () => {
  it.each(['=1+1', '-5% off', '@x', '\t=cmd', "'=x", "''+y", 'Drill', "O'Brien", "'quoted", "'", ''])(
    'gives back %j from its escaped cell',
    (text) => {
      expect(unescapeFormula(escapeFormula(text))).toBe(text);
    },
  );

  it('keeps an apostrophe that escapes nothing', () => {
    expect(unescapeFormula("'quoted")).toBe("'quoted");
  });
});
