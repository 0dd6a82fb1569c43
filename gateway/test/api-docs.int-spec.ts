import type { CreatedApiToken } from '@inventory/contracts';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { signUp } from './support/api-client.js';
import { startSystem, type System } from './support/system.js';

/**
 * Every `bash` block of docs/api.md runs against a real gateway with a real token (BASE_URL and
 * TOKEN set, `set -euo pipefail`), and every `ts` block too (types stripped, run by Node from inside
 * the repository, so its imports resolve): a snippet that no longer works fails here.
 */
const HOOK_TIMEOUT_MS = 60_000;
const guide = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
const SNIPPET_DIR = new URL('../../.data/docs-snippets/', import.meta.url);
/** A `ts` block as a Node script: its types stripped (`import type` goes), run as an ES module. */
function scriptOf(source: string, index: number): string {
  const file = new URL(`snippet-${index}.mjs`, SNIPPET_DIR);
  mkdirSync(SNIPPET_DIR, { recursive: true });
  writeFileSync(
    file,
    ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText,
  );
  return `node ${JSON.stringify(file.pathname)}`;
}
const snippets = [...guide.matchAll(/```(bash|ts)\n([\s\S]*?)```/g)].map(([, language, source], index) =>
  language === 'bash' ? source : scriptOf(source, index),
);

let system: System;
beforeAll(async () => {
  system = await startSystem();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await system?.close();
}, HOOK_TIMEOUT_MS);

describe('docs/api.md', () => {
  it('has snippets', () => expect(snippets.length).toBeGreaterThanOrEqual(4));

  it('runs every snippet with a token of a fresh user', async () => {
    const user = await signUp(system.baseUrl);
    const created = (await (
      await user.client.post('/api/tokens', { name: 'Docs', workspaceId: user.user.id, role: 'member' })
    ).json()) as CreatedApiToken;
    for (const [index, snippet] of snippets.entries()) {
      // Asynchronously: the gateway answering the snippet runs in this very process.
      const run = await new Promise<{ status: number | null; stderr: string }>((resolve) =>
        execFile(
          'bash',
          ['-euo', 'pipefail', '-c', snippet],
          { env: { ...process.env, BASE_URL: system.baseUrl, TOKEN: created.token }, timeout: 30_000 },
          (error, _stdout, stderr) => resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stderr }),
        ),
      );
      expect({ snippet: index + 1, status: run.status, stderr: run.status === 0 ? '' : run.stderr }).toEqual({
        snippet: index + 1,
        status: 0,
        stderr: '',
      });
    }
  });
});
