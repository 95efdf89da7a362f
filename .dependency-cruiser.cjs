/**
 * Import rules (README.md, after "Layout"), checked by `npm run lint:imports` in CI. Type-only imports
 * count too (tsPreCompilationDeps): a rule is about what a folder knows, not about what reaches run time.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-not-to-api-or-workers',
      comment: 'shared/ (config, models, migrations, the domain in shared/domain, queues) is used by api/ and workers/ and knows neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(api|workers)/' },
    },
    {
      name: 'api-not-to-workers',
      comment: 'The API and the workers are two processes that share only shared/ (scripts/start.ts starts both).',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^workers/' },
    },
    {
      name: 'workers-not-to-api',
      comment: 'The workers and the API are two processes that share only shared/ (scripts/start.ts starts both).',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^api/' },
    },
    {
      name: 'migrations-not-to-domain',
      comment: 'A migration means what it meant when written: it imports no domain code (copy what it needs into it, frozen).',
      severity: 'error',
      from: { path: '^shared/db/migrations/' },
      to: { path: '^(shared/domain|api|workers)/' },
    },
    {
      name: 'no-import-cycles',
      comment:
        'Modules that import each other at run time load in an order that depends on who is imported first (a value can be undefined). ' +
        'Type-only imports vanish at run time and a dynamic import runs when called (the API document reads the endpoint list that way), so neither counts.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only', 'dynamic-import'], viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(node_modules|dist)/' },
  },
};
