import type { Provider } from '@nestjs/common';
import { getEnv } from '../config/env.js';
import { PasswordHasher } from './password-hasher.js';

/** scrypt with r = 8, p = 1 (OWASP) and the configured N. */
export const passwordHasherProvider: Provider = {
  provide: PasswordHasher,
  useFactory: () => new PasswordHasher({ logN: getEnv().scryptLogN, r: 8, p: 1 }),
};
