/**
 * The layer map of docs/architecture.md, checked on the compiled tree (dist/ holds the same paths as
 * the source; dependency-cruiser cannot read TypeScript 7 sources) by `npm run boundaries` and
 * test/integration/boundaries.test.ts. Module-level rules, plus the domain folders whose order is fixed
 * (council, certificates, packages, monitoring, economy and skills below submissions); the folder-level upward imports that
 * docs/architecture.md lists are not caught here yet.
 */
const INFRA = '^dist/shared/(chain/config|chain-presets|top-packages|config|log|net|redis|queues|threads|parsers|metrics|metric-cells|errors|canonical|clock|ids|addresses|cursors|nesting|signing|secp256k1-sign|urls|cache|faults|outages|process-faults)(\\.js$|/)';
const PROCESSES = '^dist/(services|workers|scripts|cli)/';

module.exports = {
  forbidden: [
    {
      name: 'no-processes-from-shared',
      comment: 'shared/ (domain and infrastructure) never imports a process entry (services, workers, scripts).',
      severity: 'error',
      from: { path: '^dist/shared/' },
      to: { path: PROCESSES },
    },
    {
      name: 'no-workers-from-services',
      comment: 'The web process and the worker share only shared/.',
      severity: 'error',
      from: { path: '^dist/services/' },
      to: { path: '^dist/workers/' },
    },
    {
      name: 'no-services-from-workers',
      comment: 'The web process and the worker share only shared/.',
      severity: 'error',
      from: { path: '^dist/workers/' },
      to: { path: '^dist/services/' },
    },
    {
      name: 'sdk-stands-alone',
      comment: 'The SDK (sdk/) is a client of the HTTP API: generated types and openapi-fetch, nothing of the service.',
      severity: 'error',
      from: { path: '^dist/sdk/' },
      to: { path: '^dist/(shared|services|workers|scripts|cli)/' },
    },
    {
      name: 'no-sdk-in-the-service',
      comment: 'The service never calls itself through its SDK; only processes outside it (cli/, tests) do.',
      severity: 'error',
      from: { path: '^dist/(shared|services|workers)/' },
      to: { path: '^dist/sdk/' },
    },
    {
      name: 'infrastructure-below-domain',
      comment: 'Infrastructure (configuration, logging, Redis, queues, threads, parsers, metrics, errors, encodings) knows no domain module.',
      severity: 'error',
      from: { path: INFRA },
      to: { path: '^dist/shared/', pathNot: INFRA },
    },
    {
      name: 'council-below-submissions',
      comment:
        'Submissions open council rounds; the council reports a finished tally back through its seam (shared/council/hooks.ts, wired by shared/submissions/verdict.ts) and reaches no module of shared/submissions/, directly or through another.',
      severity: 'error',
      from: { path: '^dist/shared/council/' },
      to: { path: '^dist/shared/submissions/', reachable: true },
    },
    {
      name: 'below-submissions',
      comment:
        'A submission is the use of the domain below it: it has its certificate sealed, its packages audited, its skill parsed and fetched, its validators paid, and it is monitored. Those folders reach no module of shared/submissions/ (the package pipeline locks the submission row through its model).',
      severity: 'error',
      from: { path: '^dist/shared/(certificates|packages|monitoring|economy|skills)/' },
      to: { path: '^dist/shared/submissions/', reachable: true },
    },
    {
      name: 'analysis-threads-without-configuration',
      comment:
        "The analysis threads' bodies never reach the configuration schema: under their heap cap (16 MB in the package suites) it leaves too little for the analysis. The main thread reads config() and hands the settings in as data (shared/sandbox/analysis-settings.ts).",
      severity: 'error',
      from: { path: '^dist/shared/(sandbox/skill-thread|packages/analysis/thread)\\.js$' },
      to: { path: '^dist/shared/((chain|economy)/)?config\\.js$', reachable: true },
    },
    {
      name: 'no-cycles',
      comment: 'A cycle makes two modules one; the layer map is a tree.',
      severity: 'error',
      from: { path: '^dist/(shared|services|workers|cli|sdk)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/(test|bench)/' },
  },
};
