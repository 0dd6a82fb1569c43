import { useEffect, useRef, useState, type RefObject } from 'react';
import { useBrowserValue } from './use-browser-value';

/**
 * Whether the element has come within `margin` of the viewport (once true, it stays true): heavy
 * parts below the fold load when the visitor scrolls toward them, so a phone opening the page does
 * not pay for them up front (docs/web-performance.md). Without IntersectionObserver: right after
 * the first render (a server render, which has none, leaves them out).
 */
export function useNearViewport<T extends Element>(margin = '200px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const canObserve = useBrowserValue(() => typeof IntersectionObserver !== 'undefined', true);
  const [seen, setNear] = useState(false);
  const near = seen || !canObserve;
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
