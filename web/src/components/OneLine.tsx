import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

const oneLine: CSSProperties = { display: 'block', minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' };

interface OneLineProps extends HTMLAttributes<HTMLElement> {
  /** The element drawn: a span, or a card's heading. */
  as?: 'span' | 'h3';
  children: ReactNode;
}

/**
 * One line of text cut with an ellipsis by CSS alone; `title` shows the whole of it on hover.
 * antd's Typography `ellipsis` measures each instance after it mounts and renders it again: on a
 * screen of cards that is one synchronous render per card while the app takes the page over
 * (docs/web-performance.md, "Lighter first screens").
 */
export function OneLine({ as: Element = 'span', style, children, ...rest }: OneLineProps) {
  return (
    <Element {...rest} style={{ ...oneLine, ...style }}>
      {children}
    </Element>
  );
}
