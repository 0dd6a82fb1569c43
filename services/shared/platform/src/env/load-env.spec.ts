import { IsInt, IsUrl, Min } from 'class-validator';
import { EnvBoolean } from './env-boolean.js';
import { InvalidEnvironmentError, loadEnv } from './load-env.js';

class SampleEnv {
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['nats'] })
  NATS_URL: string = 'nats://127.0.0.1:4222';

  @IsInt()
  @Min(1)
  RPC_TIMEOUT_MS: number = 5000;
}

class FlagEnv {
  @EnvBoolean()
  DEMO: boolean = true;
}

describe('loadEnv', () => {
  it('uses the defaults when nothing is set', () => {
    expect(loadEnv(SampleEnv, {})).toMatchObject({ NATS_URL: 'nats://127.0.0.1:4222', RPC_TIMEOUT_MS: 5000 });
  });

  it('coerces numbers from strings', () => {
    expect(loadEnv(SampleEnv, { RPC_TIMEOUT_MS: '250' }).RPC_TIMEOUT_MS).toBe(250);
  });

  it('names the bad variable in its message', () => {
    expect(() => loadEnv(SampleEnv, { NATS_URL: 'not a url' })).toThrow(
      new InvalidEnvironmentError('Invalid environment: NATS_URL must be a URL address'),
    );
  });

  it('reads booleans the way people write them', () => {
    expect(loadEnv(FlagEnv, { DEMO: 'false' }).DEMO).toBe(false);
    expect(loadEnv(FlagEnv, { DEMO: '1' }).DEMO).toBe(true);
    expect(() => loadEnv(FlagEnv, { DEMO: 'maybe' })).toThrow('Invalid environment: DEMO must be true or false');
  });

  it('names every bad variable at once', () => {
    expect(() => loadEnv(SampleEnv, { NATS_URL: 'x', RPC_TIMEOUT_MS: '0' })).toThrow(/NATS_URL.*; RPC_TIMEOUT_MS must not be less than 1/);
  });
});
