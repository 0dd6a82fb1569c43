// `npm run test:drills`: the kill -9 drills (*.drill-spec.ts) on the test profile's own servers,
// the same set-up as `npm test`. Kept out of `npm test`: they kill and restart service processes
// and their timing depends on the machine (docs/architecture.md, "Drills").
import { spawnSync } from 'node:child_process';
import { buildAll, ensureDependencies, ROOT, say, stackUp } from './lib.mjs';
import { testEnv } from './test-env.mjs';

ensureDependencies();
say('starting the test servers');
const env = { ...process.env, ...testEnv, ...stackUp('test') };
say('building');
buildAll();
say('drills');
const result = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--selectProjects', 'drills', '--runInBand', '--forceExit'],
  { cwd: ROOT, stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
