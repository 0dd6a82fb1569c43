import type { ReactNode } from 'react';

/**
 * Sideways scrolling for wide tables on phones. antd's own `scroll.x` makes an unfocusable
 * scroll box (axe: scrollable-region-focusable); this one can take keyboard focus.
 */
export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
