import type { ComponentPropsWithRef, ReactNode } from 'react';

/** antd's breakpoints (min widths), so a grid turns where antd's own layout does. */
const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
type Breakpoint = keyof typeof BREAKPOINTS;

/** The grid's columns from each breakpoint up: a count of equal columns or a track list ('2fr 1fr'). One column below the first. */
export type GridColumns = Partial<Record<Breakpoint, number | string>>;

interface ResponsiveGridProps extends ComponentPropsWithRef<'div'> {
  columns: GridColumns;
  children: ReactNode;
}

const tracks = (columns: number | string) => (typeof columns === 'number' ? `repeat(${columns}, minmax(0, 1fr))` : columns);

function gridClassName(columns: GridColumns): string {
  const parts = (Object.keys(BREAKPOINTS) as Breakpoint[])
    .filter((breakpoint) => columns[breakpoint] !== undefined)
    .map((breakpoint) => `${breakpoint}-${String(columns[breakpoint]).replace(/[^a-z0-9]+/gi, '_')}`);
  return `grid-${parts.join('-')}`;
}

function gridRules(className: string, columns: GridColumns): string {
  const base = `.${className}{display:grid;gap:16px;grid-template-columns:minmax(0,1fr)}`;
  const steps = (Object.keys(BREAKPOINTS) as Breakpoint[])
    .filter((breakpoint) => columns[breakpoint] !== undefined)
    .map(
      (breakpoint) =>
        `@media (min-width:${BREAKPOINTS[breakpoint]}px){.${className}{grid-template-columns:${tracks(columns[breakpoint]!)}}}`,
    );
  return base + steps.join('');
}

/**
 * Cards side by side by CSS alone: one stylesheet per column set, written once in the page's head
 * (React's `<style href precedence>`), instead of antd's Row and Col. Those watch the window's
 * width from script and carry 90 KB of styles for every span at every breakpoint, the heaviest
 * part of a server-rendered screen's takeover (docs/web-performance.md, "Lighter first screens").
 */
export function ResponsiveGrid({ columns, className, children, ...rest }: ResponsiveGridProps) {
  const gridClass = gridClassName(columns);
  return (
    <>
      <style href={gridClass} precedence="grid">
        {gridRules(gridClass, columns)}
      </style>
      <div {...rest} className={className ? `${gridClass} ${className}` : gridClass}>
        {children}
      </div>
    </>
  );
}
