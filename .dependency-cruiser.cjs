/**
 * Import rules (docs/architecture.md, "Import rules"), checked by `npm run lint:imports` in CI. Type-only
 * imports count too (tsPreCompilationDeps): a rule is about what a folder knows, not about what reaches
 * run time. The areas of shared/domain stand in the tiers of shared/domain/area-order.json, lowest first.
 */
const { tiers } = require('./shared/domain/area-order.json');

const AREAS = tiers.flat();
const anyOf = (names) => `(${names.join('|')})`;

/** One rule per tier: its areas import no area of their own tier or of a tier above (their own folder aside). */
const areaOrderRules = tiers.map((tier, i) => ({
  name: `area-order-${i + 1}`,
  comment:
    `Tier ${i + 1} (${tier.join(', ')}) imports only the areas of the tiers below it ` +
    '(shared/domain/area-order.json; docs/architecture.md, "Areas"): never one of its own tier or above, so no two areas import each other.',
  severity: 'error',
  from: { path: `^shared/domain/${anyOf(tier)}/` },
  to: { path: `^shared/domain/${anyOf(tiers.slice(i).flat())}/`, pathNot: '^shared/domain/$1/' },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'area-front-door',
      comment:
        'An area is imported through its front door, shared/domain/<area>/index.ts, by everything outside it: ' +
        'the API, the workers, the scripts, the rest of shared/ and the other areas (tests may reach inside).',
      severity: 'error',
      from: { pathNot: ['^shared/domain/([^/]+)/', '^shared/domain/refusal-texts\\.ts$'] },
      to: { path: '^shared/domain/[^/]+/', pathNot: '^shared/domain/[^/]+/index\\.ts$' },
    },
    {
      name: 'refusal-texts-reads-refusals-only',
      comment: "shared/domain/refusal-texts.ts collects every area's refusals.ts (names and texts) and nothing else of an area.",
      severity: 'error',
      from: { path: '^shared/domain/refusal-texts\\.ts$' },
      to: { path: '^shared/domain/[^/]+/', pathNot: '^shared/domain/[^/]+/refusals\\.ts$' },
    },
    {
      name: 'area-front-door-between-areas',
      comment: 'Another area is imported through its front door (shared/domain/<area>/index.ts), never past it.',
      severity: 'error',
      from: { path: '^shared/domain/([^/]+)/' },
      to: { path: '^shared/domain/[^/]+/', pathNot: ['^shared/domain/$1/', '^shared/domain/[^/]+/index\\.ts$'] },
    },
    {
      name: 'area-not-through-own-front-door',
      comment: "Inside an area, files import each other directly; the area's own index.ts is for the outside (it would make a cycle).",
      severity: 'error',
      from: { path: '^shared/domain/([^/]+)/', pathNot: '^shared/domain/[^/]+/index\\.ts$' },
      to: { path: '^shared/domain/$1/index\\.ts$' },
    },
    {
      name: 'area-declared',
      comment: 'Every folder of shared/domain is an area named in shared/domain/area-order.json.',
      severity: 'error',
      from: { path: `^shared/domain/(?!${anyOf(AREAS)}/)[^/]+/` },
      to: {},
    },
    ...areaOrderRules,
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
