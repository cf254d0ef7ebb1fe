import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** Lints a probe file placed (virtually) at `path` and returns the messages of `rule`. */
const messagesOf = async (rule: string, path: string, source: string) => {
  const [result] = await eslint.lintText(source, { filePath: join(root, path) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
};
const restricted = (path: string, source: string) => messagesOf('no-restricted-imports', path, source);

describe('architecture dependency rules (enforced by the linter in npm test)', () => {
  it.each([
    ['domain/src/probe.ts', "import { Injectable } from '@nestjs/common';"],
    ['domain/src/probe.ts', "import { readFileSync } from 'node:fs';"],
    ['domain/src/probe.ts', "import Database from 'better-sqlite3';"],
    ['domain/src/probe.ts', "import { useState } from 'react';"],
    ['domain/src/probe.ts', "import { z } from 'zod';"],
    ['contracts/src/probe.ts', "import { DomainError } from '@scrivo/domain';"],
    ['contracts/src/probe.ts', "import { readFileSync } from 'node:fs';"],
    ['web/src/probe.ts', "import { createApp } from '@scrivo/api';"],
    ['web/src/probe.ts', "import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';"],
    ['web/src/probe.ts', "import { DomainError } from '@scrivo/domain';"],
    ['web/src/probe.ts', "import { x } from '../../domain/src/kernel/errors';"],
    ['widget/src/probe.ts', "import { createApp } from '@scrivo/api';"],
    ['adapters/src/probe.ts', "import { Module } from '@nestjs/common';"],
    ['adapters/src/probe.ts', "import { createApp } from '@scrivo/api';"],
    ['web/src/features/account/probe.ts', "import { AuthPage } from '../auth/auth-page';"],
    [
      'web/src/features/transcript/editor/probe.ts',
      "import { useSummary } from '../../summaries/api/summaries';",
    ],
    [
      'web/src/features/transcript/editor/transcript-with-editor.tsx',
      "import { ShareLinksButton } from '../../share-links/components/share-links-button';",
    ],
    ['web/src/features/webhooks/webhooks-section.tsx', "import { api } from '../../lib/api-client';"],
    ['web/src/features/account/account-page.tsx', "import { clientFor } from '../../lib/client-for';"],
    ['web/src/features/recordings/library/probe.ts', "import { api } from '../../../lib/api-client';"],
    [
      'web/src/features/recordings/probe.ts',
      "import { RecordPanel } from '../../features/live/record-panel';",
    ],
    [
      'web/src/features/transcript/editor/transcript-with-editor.tsx',
      "import { RecordPanel } from '../../live/record-panel';",
    ],
    ['web/src/hooks/use-admin-gate.ts', "import { api } from '../lib/api-client';"],
    ['web/src/components/recordings/probe.tsx', "import { api } from '../../lib/api-client';"],
    ['web/src/lib/recordings/is-working.ts', "import { api } from '../api-client';"],
    ['web/src/lib/export-file.ts', "import { clientFor } from './client-for';"],
    // Browser and contract tests: from adapters/ only the test kit (issue 42 item 3).
    [
      'web/e2e/probe.test.ts',
      "import { startSpeechWorker } from '../../adapters/src/speech/speech-worker-process';",
    ],
    [
      'web/e2e/probe.test.ts',
      "import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';",
    ],
    ['web/e2e/probe.test.ts', "import { createAdapters } from '@scrivo/adapters';"],
    ['web/pact/probe.test.ts', "import { x } from '../../adapters/src/payments/stripe-payments';"],
    ['widget/e2e/probe.test.ts', "import { x } from '@scrivo/adapters/mail/smtp-mailer';"],
    ['web/e2e/probe.test.ts', "import { startTestApp } from '../../api/src/main';"],
  ])('%s may not say %s', async (path, source) => {
    expect(await restricted(path, `${source}\nexport const probe = 1;\n`)).not.toEqual([]);
  });

  it.each([
    ['domain/src/probe.ts', "import { foldEvents } from './kernel/decider';"],
    ['contracts/src/probe.ts', "import { z } from 'zod';"],
    ['contracts/src/probe.ts', "import { initContract } from '@ts-rest/core';"],
    ['web/src/probe.ts', "import { contract } from '@scrivo/contracts';"],
    ['widget/src/probe.ts', "import { contract } from '@scrivo/contracts';"],
    ['adapters/src/probe.ts', "import { ConcurrencyError } from '@scrivo/domain';"],
    ['api/src/probe.ts', "import { SqliteEventStore } from '@scrivo/adapters/events/sqlite-event-store';"],
    ['web/src/features/account/probe.ts', "import { Field } from '../../components/ui/field';"],
    ['web/src/features/transcript/editor/probe.ts', "import { search } from '../lib/search';"],
    ['web/src/features/recordings/library/probe.ts', "import { LibraryPage } from '../library-page';"],
    ['web/src/routes/probe.tsx', "import { RecordPanel } from '../features/live/record-panel';"],
    ['web/src/features/webhooks/api/webhooks.ts', "import { api } from '../../../lib/api-client';"],
    ['web/src/features/account/api/account.ts', "import { clientFor } from '../../../lib/client-for';"],
    ['web/src/lib/api/voices.ts', "import { api } from '../api-client';"],
    ['web/src/lib/api/auth.ts', "import { clientFor } from '../client-for';"],
    [
      'web/e2e/probe.test.ts',
      "import { startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';",
    ],
    ['web/e2e/probe.test.ts', "import { sharedAudio } from '../../adapters/src/testing/shared-audio';"],
    ['web/e2e/probe.test.ts', "import { startTestApp } from '../../api/test/support/test-app';"],
  ])('%s may say %s', async (path, source) => {
    expect(await restricted(path, `${source}\nexport const probe = 1;\n`)).toEqual([]);
  });

  it.each([
    'web/src/features/webhooks/webhooks-queries.ts',
    'web/src/features/account/account-api.ts',
    'web/src/features/summaries/api/summaries-queries.ts',
    'web/src/features/transcript/api/use-add-annotation.ts',
    'web/src/lib/voices-api.ts',
    'web/src/lib/recordings/recordings-queries.ts',
    'web/src/lib/api/use-voices.ts',
  ])(
    'a data-layer file named %s fails: the layout is <feature>/api/<resource>.ts or lib/api/<resource>.ts',
    async (path) => {
      expect(await messagesOf('no-restricted-syntax', path, 'export const probe = 1;\n')).not.toEqual([]);
    },
  );

  it.each(['web/src/features/transcript/api/annotations.ts', 'web/src/lib/api/recordings.ts'])(
    'a data-layer file named for its resource, %s, passes',
    async (path) => {
      expect(await messagesOf('no-restricted-syntax', path, 'export const probe = 1;\n')).toEqual([]);
    },
  );

  describe('the web kit: no raw <button> or <input> outside web/src/components/ui', () => {
    const button = 'export const Probe = () => <button type="button">Go</button>;\n';
    const input = 'export const Probe = () => <input aria-label="Search" />;\n';
    const kit =
      "import { Button } from '../../components/ui/button';\n" +
      'export const Probe = () => <Button variant="unstyled">Go</Button>;\n';

    it.each([
      ['web/src/features/webhooks/webhooks-section.tsx', button],
      ['web/src/features/recordings/library/probe.tsx', button],
      ['web/src/components/recordings/probe.tsx', button],
      ['web/src/routes/probe.tsx', button],
      ['web/src/features/admin-users/admin-users-page.tsx', input],
      ['web/src/features/webhooks/api/webhooks.tsx', input],
      // A file named the old way fails for its name and for its raw button both.
      ['web/src/features/account/account-api.tsx', button],
    ])('a raw element in %s fails', async (path, source) => {
      const messages = await messagesOf('no-restricted-syntax', path, source);
      expect(messages.some((m) => /components\/ui/.test(m))).toBe(true);
    });

    it.each([
      ['web/src/components/ui/button.tsx', button],
      ['web/src/components/ui/input.tsx', input],
      ['web/src/features/webhooks/webhooks-section.tsx', kit],
    ])('%s may use it', async (path, source) => {
      expect(await messagesOf('no-restricted-syntax', path, source)).toEqual([]);
    });
  });

  describe('no raw fetch outside the data layer (features/<feature>/api/, lib/api/)', () => {
    it.each([
      [
        'web/src/features/transcript/components/export-menu.tsx',
        "export const probe = () => fetch('/api/x');\n",
      ],
      ['web/src/features/recordings/upload/upload-queue.ts', 'export const probe = fetch;\n'],
      ['web/src/components/ui/probe.tsx', "export const probe = () => fetch('/api/x');\n"],
      ['web/src/lib/export-file.ts', "export const probe = () => window.fetch('/api/x');\n"],
      ['web/src/hooks/probe.ts', "export const probe = () => globalThis.fetch('/api/x');\n"],
    ])('%s may not say %s', async (path, source) => {
      const [result] = await eslint.lintText(source, { filePath: join(root, path) });
      const fetchRules = ['no-restricted-globals', 'no-restricted-properties'];
      expect(result!.messages.filter((m) => fetchRules.includes(m.ruleId ?? ''))).not.toEqual([]);
    });

    it.each(['web/src/features/transcript/api/export.ts', 'web/src/lib/api/download.ts'])(
      '%s may fetch',
      async (path) => {
        const source = "export const probe = () => fetch('/api/x');\n";
        expect(await messagesOf('no-restricted-globals', path, source)).toEqual([]);
      },
    );
  });

  describe('max-lines: 300 in web/src and domain/src, blank lines and comments aside', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i};`);

    it.each([
      'domain/src/recordings/probe.ts',
      'domain/src/recordings/probe.test.ts',
      'web/src/features/recordings/probe.tsx',
      'web/src/lib/probe.ts',
    ])('a 301-line file at %s fails', async (path) => {
      expect(await messagesOf('max-lines', path, `${lines(301).join('\n')}\n`)).not.toEqual([]);
    });

    it('300 lines of code with blank lines and comments between them pass', async () => {
      const source = lines(300)
        .map((line) => `// why this line\n${line}\n`)
        .join('\n');
      expect(await messagesOf('max-lines', 'web/src/features/recordings/probe.tsx', source)).toEqual([]);
    });
  });

  it.each([
    ['READ_MODELS', 'api/src/recordings/probe.controller.ts'],
    ['EVENT_STORE', 'api/src/audit/probe.controller.ts'],
  ])(
    'a controller importing %s fails: routes ask a query or a reader, and write through the runner',
    async (name, path) => {
      const source = `import { ${name} } from '../infrastructure/tokens';\nexport const probe = ${name};\n`;
      expect(await messagesOf('no-restricted-syntax', path, source)).not.toEqual([]);
      // A reader beside it may.
      expect(
        await messagesOf('no-restricted-syntax', path.replace('.controller', '-reader'), source),
      ).toEqual([]);
    },
  );

  it.each([
    'api/src/accounts/commands/probe.commands.ts',
    'api/src/recordings/probe.controller.ts',
    'api/src/accounts/support/probe.ts',
  ])(
    '%s making a DomainError fails: the rule belongs to the domain, the facts travel on the command',
    async (path) => {
      const source =
        "import { DomainError } from '@scrivo/domain';\n" +
        "export const probe = (open: boolean) => { if (!open) throw new DomainError('SIGNUPS_CLOSED', 'closed'); };\n";
      expect(await messagesOf('no-restricted-syntax', path, source)).not.toEqual([]);
      // A test may make one (a fake handler's refusal), and the domain is where they are made.
      expect(await messagesOf('no-restricted-syntax', path.replace(/\.ts$/, '.test.ts'), source)).toEqual([]);
      expect(await messagesOf('no-restricted-syntax', 'domain/src/accounts/probe.ts', source)).toEqual([]);
    },
  );

  it.each(['api/src/audit/probe.ts', 'api/src/recordings/probe.controller.ts'])(
    '%s appending events by hand fails: writes go through the StreamRunner',
    async (path) => {
      const source =
        "import type { EventStore, NewEvent } from '@scrivo/domain';\n" +
        "export const probe = (events: EventStore, entry: NewEvent) => events.append('log-1', [entry], { expectedRevision: 'any' });\n";
      expect(await messagesOf('no-restricted-syntax', path, source)).not.toEqual([]);
      // A migration copies stored events as they are, and a form or a list may append what it likes.
      expect(await messagesOf('no-restricted-syntax', 'api/src/privacy/probe-migration.ts', source)).toEqual(
        [],
      );
      const form = "export const probe = (form: FormData) => form.append('file', 'x');\n";
      expect(await messagesOf('no-restricted-syntax', path, form)).toEqual([]);
    },
  );

  describe('API tests call through the typed client; untyped /api calls only where the contract cannot say it', () => {
    const probe = (call: string) =>
      `import type { TestClient } from './client';\nexport const probe = (client: TestClient, id: string) => ${call};\n`;
    const syntax = (path: string, call: string) => messagesOf('no-restricted-syntax', path, probe(call));

    it.each([
      ['api/test/recordings/probe.test.ts', 'client.get(`/api/recordings/${id}`)'],
      ['api/test/recordings/support/probe.ts', "client.post('/api/recordings/x/pin', { pinned: true })"],
      ['api/test/accounts/probe.test.ts', "client.patch('/api/account', { firstName: 'Ada' })"],
      ['api/test/library/probe.test.ts', "client.put('/api/library/default-folder', { folderId: null })"],
      ['api/test/library/probe.test.ts', 'client.delete(`/api/recordings/${id}`)'],
      ['api/test/audit/probe.test.ts', "client.get('/api/audit/events?streamId=x')"],
      [
        'api/test/recordings/probe.test.ts',
        "client.request('PATCH', `/api/recordings/${id}`, { title: 'x' })",
      ],
      ['web/e2e/probe.test.ts', "client.get('/api/user')"],
      ['cli/test/probe.test.ts', "client.post('/api/login', { email: 'a@b.co', password: 'x' })"],
      ['bench/transcription/probe.test.ts', "client.get('/api/health')"],
    ])('%s fails on %s', async (path, call) => {
      expect(await syntax(path, call)).not.toEqual([]);
    });

    it.each([
      // The typed client, and calls that are not the API's routes.
      ['api/test/recordings/probe.test.ts', 'client.api.recordings.get({ params: { id } })'],
      ['api/test/recordings/probe.test.ts', "client.api.recordings.list({ query: { q: 'nation' } })"],
      ['web/e2e/probe.test.ts', "client.get('/apis-are-not-this')"],
      ['api/test/recordings/probe.test.ts', 'fetch(`${client.baseUrl}/api/recordings/${id}/media`)'],
      // The allowed places: attack suites, the fuzzer and its findings, paths no contract has, the client itself.
      [
        'api/test/security/probe.test.ts',
        "client.post('/api/login', 'email=a@b.co', { 'content-type': 'text/plain' })",
      ],
      ['api/test/security/support/probe.ts', 'client.get(`/api/recordings/${id}`)'],
      ['api/test/fuzz/probe.test.ts', "client.get('/api/recordings?page=1e300')"],
      ['api/test/recordings/fuzz-findings.test.ts', "client.post('/api/recordings', 'file=abc')"],
      ['api/test/foundation/api-shell.test.ts', "client.get('/api/nothing-here')"],
      ['api/test/support/http-client.ts', "client.request('GET', '/api/health')"],
    ])('%s passes with %s', async (path, call) => {
      expect(await syntax(path, call)).toEqual([]);
    });
  });

  it('a controller keeps both of its rules: no DomainError and no read models', async () => {
    const source =
      "import { DomainError } from '@scrivo/domain';\nimport { READ_MODELS } from '../infrastructure/tokens';\n" +
      "export const probe = () => { throw new DomainError('X', String(READ_MODELS)); };\n";
    expect(
      await messagesOf('no-restricted-syntax', 'api/src/audit/probe.controller.ts', source),
    ).toHaveLength(2);
  });

  it('an import cycle fails, also between modules in different files', async () => {
    // api-client.ts imports client-for.ts: client-for importing api-client back closes a cycle.
    const source = "import { api } from './api-client';\nexport const probe = api;\n";
    expect(await messagesOf('import-x/no-cycle', 'web/src/lib/client-for.ts', source)).not.toEqual([]);
  });
});
