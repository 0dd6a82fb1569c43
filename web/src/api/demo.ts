import type { DemoStatus } from '@inventory/contracts';
import { http } from './http';

export type { DemoStatus };

/** When the shared demo was last put back to its sample data, and when it will be next (docs/demo.md). */
export function getDemoStatus(): Promise<DemoStatus> {
  return http.get<DemoStatus>('/api/demo');
}

/** Starts a reset (demo account only); poll getDemoStatus until `resetting` is false. */
export function resetDemo(): Promise<DemoStatus> {
  return http.post<DemoStatus>('/api/demo/reset');
}
