import type { CSSProperties, ReactNode } from 'react';

// The usual off-screen pattern: read by screen readers (and part of an accessible name), not shown.
const hidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Words that complete what the screen shows for someone who cannot see it, e.g. "Current workspace:". */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={hidden}>{children}</span>;
}
