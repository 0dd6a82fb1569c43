import { lazy, type ComponentType } from 'react';

/** React.lazy for modules with named exports (STYLE: no default exports); `preload` fetches the code ahead of a render. */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType })),
    { preload: () => void load().catch(() => undefined) },
  );
}

export type LazyPage = ReturnType<typeof lazyNamed>;
