import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

export class InvalidEnvironmentError extends Error {
  override readonly name = 'InvalidEnvironmentError';
}

type EnvSource = Record<string, string | undefined>;
const cache = new Map<new () => object, object>();

/**
 * Validates the environment into a typed object once. Env classes declare defaults as property
 * initialisers and coerce with @Type; a bad or missing variable fails start-up with a message
 * naming it, e.g. "Invalid environment: NATS_URL must be a URL address".
 */
export function loadEnv<T extends object>(EnvClass: new () => T, source: EnvSource = process.env): T {
  const useCache = source === process.env;
  if (useCache && cache.has(EnvClass)) return cache.get(EnvClass) as T;
  const defined = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const env = plainToInstance(EnvClass, defined, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) throw new InvalidEnvironmentError(`Invalid environment: ${describe(errors)}`);
  if (useCache) cache.set(EnvClass, env);
  return env;
}

function describe(errors: ValidationError[]): string {
  return errors.flatMap((e) => Object.values(e.constraints ?? {})).join('; ');
}
