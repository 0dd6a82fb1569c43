import { lazy, type ComponentType } from 'react';

/** React.lazy for modules with named exports (STYLE: no default exports). */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
