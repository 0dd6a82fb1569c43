import type { ComponentPropsWithRef, ReactNode } from 'react';

/** antd's breakpoints (min widths), so a grid turns where antd's own layout does. */
const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
type Breakpoint = keyof typeof BREAKPOINTS;

/** The grid's columns from each breakpoint up: a count of equal columns or a track list ('2fr 1fr'). One column below the first. */
export type GridColumns = Partial<Record<Breakpoint, number | string>>;

interface ResponsiveGridProps extends ComponentPropsWithRef<'div'> {
  columns: GridColumns;
  /**
   * About how tall a card is, in pixels, for a long grid: the browser then styles and lays out only
   * the cards near the screen (`content-visibility: auto`), keeping this much room for each of the
   * others until it has seen it once. A phone shows two of a page's cards; laying out the other
   * twenty was most of a server-rendered inventory page's first layout (docs/web-performance.md).
   */
  offscreenCardHeight?: number;
  children: ReactNode;
}

const tracks = (columns: number | string) => (typeof columns === 'number' ? `repeat(${columns}, minmax(0, 1fr))` : columns);

/** The class a column set is known by, and its rules: one column, then each breakpoint's. */
function gridSheet(columns: GridColumns, offscreenCardHeight?: number): { className: string; rules: string } {
  const steps = (Object.keys(BREAKPOINTS) as Breakpoint[]).flatMap((breakpoint) => {
    const set = columns[breakpoint];
    return set === undefined ? [] : [{ breakpoint, set }];
  });
  const className =
    `grid-${steps.map(({ breakpoint, set }) => `${breakpoint}-${String(set).replace(/[^a-z0-9]+/gi, '_')}`).join('-')}` +
    (offscreenCardHeight ? `-cv${offscreenCardHeight}` : '');
  const rules =
    `.${className}{display:grid;gap:16px;grid-template-columns:minmax(0,1fr)}` +
    (offscreenCardHeight ? `.${className}>*{content-visibility:auto;contain-intrinsic-size:auto ${offscreenCardHeight}px}` : '') +
    steps
      .map(({ breakpoint, set }) => `@media (min-width:${BREAKPOINTS[breakpoint]}px){.${className}{grid-template-columns:${tracks(set)}}}`)
      .join('');
  return { className, rules };
}

/**
 * Cards side by side by CSS alone: one stylesheet per column set, written once in the page's head
 * (React's `<style href precedence>`), instead of antd's Row and Col. Those watch the window's
 * width from script and carry 90 KB of styles for every span at every breakpoint, the heaviest
 * part of a server-rendered screen's takeover (docs/web-performance.md, "Lighter first screens").
 */
export function ResponsiveGrid({ columns, offscreenCardHeight, className, children, ...rest }: ResponsiveGridProps) {
  const sheet = gridSheet(columns, offscreenCardHeight);
  return (
    <>
      <style href={sheet.className} precedence="grid">
        {sheet.rules}
      </style>
      <div {...rest} className={className ? `${sheet.className} ${className}` : sheet.className}>
        {children}
      </div>
    </>
  );
}
