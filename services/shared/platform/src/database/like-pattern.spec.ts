import { containsPattern } from './like-pattern.js';

describe('containsPattern', () => {
  it('wraps the text for a substring match', () => {
    expect(containsPattern('tool')).toBe('%tool%');
  });

  it('takes wildcards and the escape character literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
