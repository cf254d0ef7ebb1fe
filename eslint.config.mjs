// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The architecture's dependency rules, enforced here so `npm test` fails a forbidden import.
 * domain: nothing but itself. contracts: zod and ts-rest. web/widget: contracts, never api/adapters/domain.
 * adapters: domain (and drivers). Only api wires adapters in.
 */
const onlyRelative = {
  regex: '^(?!\\.{1,2}/)',
  message: 'domain/ imports nothing but itself (no frameworks, drivers, React or Node I/O).',
};
const noServerCode = {
  group: [
    '@scrivo/api',
    '@scrivo/api/*',
    '@scrivo/adapters',
    '@scrivo/adapters/*',
    '@scrivo/domain',
    '@scrivo/domain/*',
    '**/api/src/**',
    '**/adapters/src/**',
    '**/domain/src/**',
  ],
  message: 'web/ and widget/ talk to the server only through @scrivo/contracts.',
};

/**
 * Features never import each other (bulletproof-react): shared UI lives in web/src/components/, non-UI helpers and
 * API clients in web/src/lib/, shared hooks in web/src/hooks/, and a page that shows several features is composed in
 * its route file (web/src/routes/), which hands one feature's section to another as a prop or child.
 * Imports are relative here, so the forbidden paths depend on how deep the importing file sits in its feature:
 * one block per feature and depth, each forbidding every sibling feature but its own.
 */
const featuresRoot = new URL('./web/src/features/', import.meta.url);
const features = readdirSync(featuresRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const crossFeatureMessage =
  'Features do not import each other. Move shared UI to web/src/components/, non-UI helpers and API clients to ' +
  'web/src/lib/, shared hooks to web/src/hooks/; compose several features on one page in its web/src/routes/ file.';
/** Only `own` feature may be imported; every other feature may not. */
const otherFeatures = (depth, own) => {
  const mine = `(?!${own}(?:/|$))`;
  const up = (n) => `(?:\\.\\./){${n}}`;
  return {
    regex: `^${up(depth + 1)}${mine}[^./]|^${up(depth + 2)}features/${mine}|^@/features/${mine}`,
    message: crossFeatureMessage,
  };
};
/**
 * One data-layer layout per feature (bulletproof-react): server calls live in `web/src/features/<feature>/api/`, one
 * file per endpoint or resource with its request functions and query/mutation hooks, so the rest of the feature
 * imports hooks from api/ and never the API client itself.
 */
const apiClientOutsideApi = {
  regex: '(?:^|/)lib/(?:api-client|client-for)$',
  message:
    "Server calls live in the feature's api/ folder (web/src/features/<feature>/api/<resource>.ts: request " +
    'functions and query/mutation hooks); import the hook from there. See docs/conventions.md.',
};
const MAX_FEATURE_DEPTH = 4;
const featureBoundaries = features.flatMap((feature) => [
  ...Array.from({ length: MAX_FEATURE_DEPTH + 1 }, (_, depth) => ({
    files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noServerCode, otherFeatures(depth, feature), apiClientOutsideApi] },
      ],
    },
  })),
  {
    files: [`web/src/features/${feature}/api/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerCode, otherFeatures(1, feature)] }] },
  },
]);
/**
 * The web kit (issue 42 item 4): buttons and inputs come from web/src/components/ui, so their behaviour (a button
 * that never submits by accident, the busy state) and any later change to them is in one place.
 */
const rawElements = [
  {
    selector: "JSXOpeningElement[name.name='button']",
    message:
      "Use Button from components/ui/button (variant 'unstyled' keeps a look of its own) instead of a raw <button>.",
  },
  {
    selector: "JSXOpeningElement[name.name='input']",
    message:
      'Use Field (a labelled form field) or Input, Checkbox or Radio from components/ui instead of a raw <input>.',
  },
];
const webKit = {
  files: ['web/src/**/*.{ts,tsx}'],
  ignores: ['web/src/components/ui/**'],
  rules: { 'no-restricted-syntax': ['error', ...rawElements] },
};
/** The data layer's folders: each feature's api/ and, for what several features share, web/src/lib/api/. */
const dataLayer = ['web/src/features/*/api/**', 'web/src/lib/api/**'];
const dataLayerMessage =
  'Server calls live in the data layer (web/src/features/<feature>/api/<resource>.ts, or web/src/lib/api/ when ' +
  'features share them): call the function or hook from there. See docs/conventions.md.';
/** A raw fetch anywhere else would be a server call outside the data layer. */
const fetchOutsideDataLayer = {
  files: ['web/src/**/*.{ts,tsx}'],
  ignores: dataLayer,
  rules: {
    'no-restricted-globals': ['error', { name: 'fetch', message: dataLayerMessage }],
    'no-restricted-properties': [
      'error',
      ...['window', 'globalThis', 'self'].map((object) => ({
        object,
        property: 'fetch',
        message: dataLayerMessage,
      })),
    ],
  },
};
/**
 * Outside the features the API client is the data layer's too: hooks, shared components, routes and lib/ helpers
 * use the hooks in web/src/lib/api/. Inside lib/ the client is imported as `./api-client` or `../api-client`.
 */
const apiClientBesideLib = {
  regex: '^(?:\\./|(?:\\.\\./)+)(?:api-client|client-for)$',
  message: apiClientOutsideApi.message,
};
const apiClientOutsideFeatures = [
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/features/**', 'web/src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerCode, apiClientOutsideApi] }] },
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/api/**', 'web/src/lib/api-client.ts', 'web/src/lib/client-for.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerCode, apiClientBesideLib] }] },
  },
];
/**
 * One data-layer naming style: a file per resource (`api/webhooks.ts`, `lib/api/recordings.ts`) holding its
 * request functions and query/mutation hooks. A file named the old ways (`x-api.ts`, `x-queries.ts`) or for one
 * hook (`api/use-x.ts`) fails wherever it is put in a feature or in lib/.
 */
const dataLayerFileNames = {
  files: [
    'web/src/features/**/*{-api,-queries}.{ts,tsx}',
    'web/src/lib/**/*{-api,-queries}.{ts,tsx}',
    ...dataLayer.map((folder) => `${folder.replace('/**', '')}/use-*.{ts,tsx}`),
  ],
  rules: {
    'no-restricted-syntax': [
      'error',
      // The kit's rule holds here too (one rule's options replace another's for the same file).
      ...rawElements,
      {
        selector: 'Program',
        message:
          'A data-layer file is web/src/features/<feature>/api/<resource>.ts or web/src/lib/api/<resource>.ts (no ' +
          '-api or -queries suffix, no file per hook). See docs/conventions.md.',
      },
    ],
  },
};
/**
 * The rules are the domain's (issue 42): a handler gathers the facts (is sign-up open, did the password match, are
 * payments configured) and puts them on the command, and the domain's decider throws the DomainError or returns the
 * refusal. A failure of the infrastructure (a mail server, an engine not configured) is no DomainError at all.
 */
const domainErrorInApi = {
  selector: "NewExpression[callee.name='DomainError']",
  message:
    'The API does not make DomainErrors: put the facts on the command and let the decider in domain/src/<feature>/ ' +
    'refuse it (or return the refusal from the domain). An infrastructure failure is an ApiError or a plain Error.',
};
/**
 * A file over 300 lines (blank lines and comments aside) does too much to read at once: split it, a page into a
 * `use-<page>.ts` hook (state, queries, mutations) and its view. Tests count too; web/e2e and the generated route
 * tree do not.
 */
/**
 * Every write goes through the StreamRunner (one metadata, one concurrency rule, read-your-writes): a hand-written
 * `events.append(stream, events, options)` in the API is a second path. Migrations, which copy stored events as
 * they are, are the exception.
 */
const appendByHand = {
  selector: "CallExpression[callee.property.name='append'][arguments.length=3]",
  message:
    'The API appends through the StreamRunner (run for a decider, record for a log decider), not by hand: ' +
    'see docs/conventions.md. Only migrations copy events with events.append.',
};
/**
 * API tests call through the client typed by the contract (issue 42 item 3): `client.api.<router>.<route>({ params,
 * body, query })`, so a renamed route, a new required field or a changed answer fails the type check, not a run. An
 * untyped call on the test client (`client.get('/api/...')`, `.post`, `.put`, `.patch`, `.delete`, `.head`, or
 * `.request(method, '/api/...')`) is what the contract cannot say, so it stays only where a test sends exactly that:
 * the files in `untypedCallsAllowed`, each with its reason.
 */
const apiPath = '/^\\x2Fapi(\\x2F|\\?|$)/';
const untypedApiCall = {
  selector: [
    `CallExpression[callee.property.name=/^(get|post|put|patch|delete|head)$/][arguments.0.value=${apiPath}]`,
    `CallExpression[callee.property.name=/^(get|post|put|patch|delete|head)$/][arguments.0.quasis.0.value.raw=${apiPath}]`,
    `CallExpression[callee.property.name='request'][arguments.1.value=${apiPath}]`,
    `CallExpression[callee.property.name='request'][arguments.1.quasis.0.value.raw=${apiPath}]`,
  ].join(', '),
  message:
    'Call the API through the typed client: client.api.<router>.<route>({ params, body, query }) (expectStatus ' +
    'narrows the answer; unchecked(...) sends input the contract refuses). Untyped calls are only for what the ' +
    'contract cannot describe (eslint.config.mjs untypedCallsAllowed, docs/conventions.md).',
};
/** Where an untyped '/api/...' call stays, and why. */
const untypedCallsAllowed = [
  // The client itself: the GET that fetches the CSRF cookie before a first write.
  'api/test/support/http-client.ts',
  // Attack suites: forged, oversized and malformed bodies, raw multipart, other origins, routes walked from a table.
  'api/test/security/**',
  // The fuzzer's own harness, and replays of what it found (a multipart body with a broken boundary).
  'api/test/fuzz/**',
  'api/test/recordings/fuzz-findings.test.ts',
  // Paths no contract has: the 404 answer's shape and CSRF on an unknown route.
  'api/test/foundation/api-shell.test.ts',
];
const typedApiCalls = {
  files: [
    'api/test/**/*.ts',
    'web/e2e/**/*.ts',
    'widget/e2e/**/*.ts',
    'cli/test/**/*.ts',
    'bench/**/*.ts',
    'scripts/**/*.ts',
    'adapters/**/*.test.ts',
  ],
  ignores: untypedCallsAllowed,
  rules: { 'no-restricted-syntax': ['error', untypedApiCall] },
};
const maxLines = {
  files: ['web/src/**/*.{ts,tsx}', 'domain/src/**/*.ts'],
  rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
};
export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '**/*.gen.ts',
      'worker/**',
      'api/test/fuzz/.venv/**',
      'storybook-static/**',
      '**/.tmp/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // NestJS DI reads constructor parameter types at runtime: type-only imports would erase them.
    files: ['api/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', domainErrorInApi, appendByHand] },
  },
  {
    files: ['api/src/**/*-migration.ts'],
    rules: { 'no-restricted-syntax': ['error', domainErrorInApi] },
  },
  {
    // A route builds a command or asks a query; reading read models or streams is a query's or a reader's job, and
    // writing goes through the stream runner (docs/conventions.md).
    files: ['api/src/**/*.controller.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        domainErrorInApi,
        appendByHand,
        {
          selector: 'ImportSpecifier[imported.name=/^(READ_MODELS|EVENT_STORE)$/]',
          message:
            'Controllers do not reach the read models or the event store: ask a query or a reader in the feature, ' +
            'and write through the StreamRunner.',
        },
      ],
    },
  },
  {
    files: ['domain/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyRelative] }] },
  },
  {
    files: ['contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/|zod$|@ts-rest/core$)',
              message: 'contracts/ imports only zod and @ts-rest/core.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['adapters/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@scrivo/api', '@scrivo/api/*', '@nestjs/*', 'react', 'react-dom'],
              message: 'adapters/ implement domain ports; they do not know the API or the UI.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'widget/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServerCode] }],
    },
  },
  {
    // An import cycle makes module load order decide whether a value is defined yet, and it ties two modules into
    // one unit that cannot be understood or moved alone. Workspace packages resolve to their sources (the `source`
    // condition), so a cycle across domain, adapters, api, contracts, web and widget is seen too.
    files: ['{domain,adapters,api,contracts,web,widget}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Read .ts/.tsx modules with the TypeScript parser when following imports (import-x reads only .js otherwise).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['{domain,adapters,api,contracts,web,widget}/tsconfig.json'],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...featureBoundaries,
  ...apiClientOutsideFeatures,
  webKit,
  fetchOutsideDataLayer,
  dataLayerFileNames,
  maxLines,
  typedApiCalls,
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The browser and contract tests start the real server, but through the API's test support (startTestApp,
    // signedInClient, browserSession, given), not its source: a test that reaches into api/src ties itself to how
    // the server is built today (a cookie's name, a type's home) instead of to what the server promises.
    files: ['web/e2e/**', 'web/pact/**', 'widget/e2e/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@scrivo/api', '@scrivo/api/*', '**/api/src/**'],
              message:
                "Browser and contract tests reach the server through api/test/support/ (or the API's shared types " +
                'in @scrivo/contracts), never through api/src.',
            },
            {
              // Only the adapters' test kit (adapters/src/testing: real servers, speech worker, shared audio), never an
              // adapter itself: a browser test drives the running app, and what it needs to start is in the kit.
              regex: '^@scrivo/adapters(?!/testing/)|(?:^|/)adapters/src/(?!testing/)',
              message:
                'Browser and contract tests import from adapters/ only its test kit (@scrivo/adapters/testing/*); ' +
                'move what they need there, or reach it through the API.',
            },
          ],
        },
      ],
    },
  },
);
