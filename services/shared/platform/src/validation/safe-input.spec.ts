import { jsonDepthExceeds, MAX_INPUT_DEPTH, SafeInputMessages, unsafeInputReason } from './safe-input.js';

const nest = (depth: number): unknown => (depth === 0 ? 1 : [nest(depth - 1)]);

describe('the bad-bytes rule', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', '\u0007'],
    ['escape', '\u001b[31m'],
    ['DEL', '\u007f'],
    ['lone high surrogate', '\ud800'],
    ['lone low surrogate', 'x\udc00'],
    ['reversed pair', '\ude00\ud83d'],
  ])('refuses a %s and names the field', (_, text) => {
    expect(unsafeInputReason({ outer: { name: text } })).toBe(SafeInputMessages.unsafeText('name'));
  });

  it('lets tabs, line breaks, emoji and other scripts through', () => {
    expect(unsafeInputReason({ note: 'a\tb\r\nc 😀 日本語 ñ' })).toBeUndefined();
  });

  it('checks keys and array entries too', () => {
    expect(unsafeInputReason({ ['k\u0000']: 1 })).toBe(SafeInputMessages.unsafeText('Input'));
    expect(unsafeInputReason({ tags: ['ok', '\u0000'] })).toBe(SafeInputMessages.unsafeText('tags'));
  });

  it(`refuses nesting past ${MAX_INPUT_DEPTH} levels, however deep, without recursion`, () => {
    expect(unsafeInputReason(nest(MAX_INPUT_DEPTH - 1))).toBeUndefined();
    expect(unsafeInputReason(nest(MAX_INPUT_DEPTH + 1))).toBe(SafeInputMessages.tooDeep);
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(unsafeInputReason(deep)).toBe(SafeInputMessages.tooDeep);
  });

  it('does not walk files and buffers', () => {
    expect(unsafeInputReason({ file: Buffer.from([0, 1, 2]) })).toBeUndefined();
  });
});

describe('raw JSON depth', () => {
  const bytes = (text: string) => Buffer.from(text);
  it('counts brackets outside strings only', () => {
    expect(jsonDepthExceeds(bytes('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[["}'), 2)).toBe(false);
    expect(jsonDepthExceeds(bytes('{"a":"\\"[[[["}'), 1)).toBe(false);
    expect(jsonDepthExceeds(bytes('{"a":[[1]]}'), 2)).toBe(true);
    expect(jsonDepthExceeds(bytes('[{}, {}, [], {"a":{}}]'), 3)).toBe(false);
  });

  it('passes a 400,000-deep body in one quick pass', () => {
    expect(jsonDepthExceeds(bytes('['.repeat(400_000) + ']'.repeat(400_000)))).toBe(true);
  });
});
