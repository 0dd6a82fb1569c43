import { currentWebApiTypes, describeApi, webApiTypes } from './web-api-types.js';

describe("the web app's client types", () => {
  it('are generated from the description the gateway serves now (else: npm run api:types)', async () => {
    expect(await currentWebApiTypes()).toBe(await webApiTypes(await describeApi()));
  });
});
