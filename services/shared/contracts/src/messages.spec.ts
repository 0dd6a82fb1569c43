import * as contracts from './index.js';
import { ReportMessages } from './reporting.js';

/** A message function's text for the first sample arguments it accepts (a name, a count, a list). */
function sampleText(message: (...args: unknown[]) => unknown): string {
  for (const args of [['asOf', 3], [3, 5], [['Shelf A', 'Shelf B']]]) {
    try {
      return String(message(...args));
    } catch {
      // not arguments it takes
    }
  }
  throw new Error(`no sample arguments fit ${message.name}`);
}

/** Every message a user may read, from every `…Messages` table. */
function allMessages(): [string, string][] {
  return Object.entries(contracts)
    .filter(([name, value]) => name.endsWith('Messages') && typeof value === 'object' && value !== null)
    .flatMap(([table, messages]) =>
      Object.entries(messages as Record<string, unknown>).map(([key, message]): [string, string] => [
        `${table}.${key}`,
        typeof message === 'function' ? sampleText(message as (...args: unknown[]) => unknown) : String(message),
      ]),
    );
}

describe('validation messages', () => {
  it('are finished sentences: no template placeholder left in any of them', () => {
    const messages = allMessages();
    expect(messages.length).toBeGreaterThan(100);
    expect(messages.filter(([, text]) => /\$\{|undefined|\[object Object\]/.test(text))).toEqual([]);
  });

  it('name the report choices and limits themselves', () => {
    expect(ReportMessages.sortInvalid).toBe(
      'sort must be one of: name, sku, category, currentStock, reorderLevel, unitPrice, totalValue, status',
    );
    expect(ReportMessages.pageSizeInvalid).toBe('pageSize must be a whole number from 1 to 500');
    expect(ReportMessages.searchInvalid).toBe('search must be text of at most 200 characters');
  });
});
