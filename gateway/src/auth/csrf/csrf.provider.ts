import type { Provider } from '@nestjs/common';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { createCsrfProtection } from './csrf-protection.js';

export const CSRF_PROTECTION = Symbol('CSRF_PROTECTION');

export const csrfProvider: Provider = {
  provide: CSRF_PROTECTION,
  inject: [AUTH_SETTINGS],
  useFactory: (settings: AuthSettings) => createCsrfProtection(settings),
};
