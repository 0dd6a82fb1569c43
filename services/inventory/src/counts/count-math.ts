import type { CountLineView, CountTotals } from '@inventory/contracts';

/*
 * Money in counts is exact: prices are decimal(10,2) text, so values are worked out in whole cents
 * (bigint) and written back as decimal text. No float ever holds an amount.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** "19.99" → 1999n cents. */
export function toCents(amount: string): bigint {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new Error(`Not a decimal amount: ${amount}`);
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** 1999n → "19.99"; -5n → "-0.05". */
export function centsText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** variance × unit price, exact. */
export const varianceValue = (variance: number, unitPrice: string): string => centsText(BigInt(variance) * toCents(unitPrice));

/** A line's variance and its value, from what was counted and what the books said. */
export function varianceOf(counted: number | null, expected: number, unitPrice: string): Pick<CountLineView, 'variance' | 'varianceValue'> {
  if (counted === null) return { variance: null, varianceValue: null };
  const variance = counted - expected;
  return { variance, varianceValue: varianceValue(variance, unitPrice) };
}

export function totalsOf(lines: readonly CountLineView[]): CountTotals {
  let surplus = 0n;
  let shortage = 0n;
  let netVariance = 0;
  let counted = 0;
  let withVariance = 0;
  for (const line of lines) {
    if (line.counted === null || line.variance === null || line.varianceValue === null) continue;
    counted++;
    if (line.variance !== 0) withVariance++;
    netVariance += line.variance;
    const value = toCents(line.varianceValue);
    if (value > 0n) surplus += value;
    else shortage -= value;
  }
  return {
    items: lines.length,
    counted,
    withVariance,
    netVariance,
    varianceValue: centsText(surplus - shortage),
    surplusValue: centsText(surplus),
    shortageValue: centsText(shortage),
  };
}
