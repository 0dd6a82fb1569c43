// Lint for every project, run first by `npm test` (docs/architecture.md, "Guard rails").
// Module boundaries follow the Nx tags in each package.json (see the README's dependency picture):
// what a project may import is derived from its tags below, so a new project is covered by tagging it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const rootPackage = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const projects = rootPackage.workspaces.map((root) => {
  const manifest = JSON.parse(readFileSync(new URL(`./${root}/package.json`, import.meta.url), 'utf8'));
  return { root, name: manifest.name, tags: manifest.nx?.tags ?? [] };
});

/** Which tags a project with a tag may depend on. `types` marks a dependency on types only. */
const MAY_DEPEND_ON = {
  'type:contracts': [],
  'type:platform': ['type:contracts'],
  'scope:service': ['type:contracts', 'type:platform'],
  'scope:gateway': ['type:contracts', 'type:platform'],
  'scope:web': [{ tag: 'type:contracts', types: true }],
};

function boundaries(project) {
  const allowed = project.tags
    .flatMap((tag) => MAY_DEPEND_ON[tag] ?? [])
    .map((rule) => (typeof rule === 'string' ? { tag: rule, types: false } : rule));
  const others = projects.filter((other) => other !== project);
  const refused = others.filter((other) => !allowed.some((rule) => other.tags.includes(rule.tag)));
  const typesOnly = others.filter((other) => allowed.some((rule) => rule.types && other.tags.includes(rule.tag)));
  const message = (other) =>
    `${project.name} (${project.tags.join(', ')}) may not import ${other.name} (${other.tags.join(', ')}): see the module boundaries in eslint.config.mjs`;
  return {
    files: [`${project.root}/**/*.{ts,tsx,mjs}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...refused.map((other) => ({ name: other.name, message: message(other) })),
            ...typesOnly.map((other) => ({
              name: other.name,
              message: `${project.name} may import only types from ${other.name}`,
              allowTypeImports: true,
            })),
          ],
          patterns: refused.flatMap((other) => [
            { group: [`${other.name}/*`], message: message(other) },
            // Relative paths into another project's folder break the boundary just the same.
            { regex: `(^|/)${other.root.split('/').pop()}/(src|dist)/`, message: message(other) },
          ]),
        },
      ],
    },
  };
}

export default tseslint.config(
  // schema.d.ts is generated from the OpenAPI description (npm run api:types).
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'backups/**',
      'artifacts/**',
      '.nx/**',
      'coverage/**',
      'web/src/api/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...projects.map(boundaries),
  {
    // The web's shared pieces sit below the features and the app shell: they never import upwards.
    files: ['web/src/{components,lib,api}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '**/app/**'], message: 'Shared web code must not import from features or the app shell.' },
          ],
        },
      ],
    },
  },
  {
    // Integration tests of the gateway start the whole back end in one process and reach the
    // services' modules (and the identity's local super-admin password) for that on purpose.
    files: ['gateway/test/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  prettier,
);
