// Jest runs in ESM mode (NestJS 12 is ESM-only): `node --experimental-vm-modules node_modules/jest/bin/jest.js`.
import { testEnv } from './infra/scripts/test-env.mjs';

// Tests reach the test profile's servers unless the caller says otherwise; workers inherit this.
for (const [key, value] of Object.entries(testEnv)) process.env[key] ??= value;

const base = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': ['@swc/jest'] },
  moduleNameMapper: {
    '^@inventory/contracts$': '<rootDir>/services/shared/contracts/src/index.ts',
    '^@inventory/platform$': '<rootDir>/services/shared/platform/src/index.ts',
    '^@inventory/platform/testing$': '<rootDir>/services/shared/platform/src/testing/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  rootDir: '.',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/.data/'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

export default {
  // Global on purpose: Jest ignores testTimeout inside `projects`; hooks boot and stop real servers.
  testTimeout: 60_000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['<rootDir>/{services,gateway}/**/src/**/*.spec.ts', '<rootDir>/infra/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.ts'],
    },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['<rootDir>/{services,gateway}/**/test/**/*.int-spec.ts'],
      // Each worker on its own servers when the caller gives several (INTEGRATION_STACKS).
      testEnvironment: '<rootDir>/infra/jest/stack-per-worker.mjs',
    },
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/web/e2e/**/*.e2e.ts'] },
    // Kill -9 drills: `npm run test:drills`, outside `npm test` (docs/architecture.md, "Drills").
    { ...base, displayName: 'drills', testMatch: ['<rootDir>/{services,gateway}/**/test/**/*.drill-spec.ts'] },
  ],
};
