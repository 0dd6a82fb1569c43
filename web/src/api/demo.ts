import { answer, api, type Schemas } from './client';

export type DemoStatus = Schemas['DemoStatusDto'];

/** When the shared demo was last put back to its sample data, and when it will be next (docs/demo.md). */
export function getDemoStatus(): Promise<DemoStatus> {
  return answer(api.GET('/api/demo'));
}

/** Starts a reset (demo account only); poll getDemoStatus until `resetting` is false. */
export function resetDemo(): Promise<DemoStatus> {
  return answer(api.POST('/api/demo/reset'));
}
