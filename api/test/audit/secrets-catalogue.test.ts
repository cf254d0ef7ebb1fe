import { join } from 'node:path';
import type { EventStore, RecordedEvent } from '@scrivo/domain';
import { SECRET_FIELDS, SECRET_LOOKING_NAME, SECRET_SHOWN_AS } from '@scrivo/domain/audit';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { toJsonLine } from '../../src/audit/history-report';
import { StreamReader, toAuditEvent } from '../../src/audit/stream-reader';

const root = join(import.meta.dirname, '../../..');
const catalogueFile = join(root, 'domain/src/audit/secrets.ts');

/** One leaf of an event's data: its path (`[]` for an array's items) and what it holds. */
interface Leaf {
  readonly path: readonly string[];
  readonly kind: 'string' | 'number' | 'boolean' | 'other';
  /** For a union of string literals: one of them, so the sample is a value the type allows. */
  readonly literal?: string;
}
interface EventShape {
  readonly type: string;
  readonly leaves: readonly Leaf[];
}

/**
 * Every event of the catalogue (`CatalogueEvent` in domain/src/audit/secrets.ts) with the leaves of its data, as
 * the compiler sees the declared types: no hand-kept list to forget a field in.
 */
const readCatalogue = (): EventShape[] => {
  const program = ts.createProgram([catalogueFile], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Preserve,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(catalogueFile);
  if (!source) throw new Error(`cannot read ${catalogueFile}`);
  const alias = source.statements.find(
    (s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'CatalogueEvent',
  );
  if (!alias) throw new Error('CatalogueEvent is not declared');
  const union = checker.getTypeAtLocation(alias.name);

  const leavesOf = (type: ts.Type, path: readonly string[], depth: number): Leaf[] => {
    if (depth > 8) return [];
    const members = type.isUnion()
      ? type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))
      : [type];
    if (members.length > 0 && members.every((t) => t.isStringLiteral())) {
      const [first] = members;
      return [{ path, kind: 'string', literal: first?.isStringLiteral() ? first.value : '' }];
    }
    const leaves: Leaf[] = [];
    for (const member of members) {
      if (member.flags & ts.TypeFlags.StringLike) leaves.push({ path, kind: 'string' });
      else if (member.flags & ts.TypeFlags.NumberLike) leaves.push({ path, kind: 'number' });
      else if (member.flags & ts.TypeFlags.BooleanLike) leaves.push({ path, kind: 'boolean' });
      else if (checker.isArrayType(member) || checker.isTupleType(member)) {
        const item = checker.getIndexTypeOfType(member, ts.IndexKind.Number);
        if (item) leaves.push(...leavesOf(item, [...path, '[]'], depth + 1));
      } else if (member.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) {
        const index = checker.getIndexTypeOfType(member, ts.IndexKind.String);
        if (index) leaves.push(...leavesOf(index, [...path, '*'], depth + 1));
        for (const property of checker.getPropertiesOfType(member))
          leaves.push(...leavesOf(checker.getTypeOfSymbol(property), [...path, property.name], depth + 1));
      } else leaves.push({ path, kind: 'other' });
    }
    // A union of several object shapes names a field once per shape: keep one leaf per path.
    return [...new Map(leaves.map((l) => [l.path.join('.'), l])).values()];
  };

  const events: EventShape[] = [];
  for (const event of union.isUnion() ? union.types : [union]) {
    const typeSymbol = event.getProperty('type');
    const dataSymbol = event.getProperty('data');
    if (!typeSymbol || !dataSymbol) throw new Error(`${checker.typeToString(event)} is not a DomainEvent`);
    const name = checker.getTypeOfSymbol(typeSymbol);
    if (!name.isStringLiteral()) throw new Error(`${checker.typeToString(event)} has no literal type`);
    events.push({ type: name.value, leaves: leavesOf(checker.getTypeOfSymbol(dataSymbol), [], 0) });
  }
  return events;
};

const fieldName = (leaf: Leaf) => [...leaf.path].reverse().find((p) => p !== '[]' && p !== '*') ?? '';
const marker = (type: string, leaf: Leaf) => `value-of-${type}.${leaf.path.join('.')}`;

/**
 * What is wrong with the catalogue for one event shape: each field whose name looks like a secret (at any depth)
 * must be one of the event's declared secret fields (a top-level field, hidden whole).
 */
const undeclaredSecrets = (shape: EventShape, declared: readonly string[]): string[] =>
  shape.leaves
    .filter((leaf) => SECRET_LOOKING_NAME.test(fieldName(leaf)))
    .filter((leaf) => !(leaf.path.length === 1 && declared.includes(leaf.path[0] ?? '')))
    .map((leaf) => `${shape.type}.${leaf.path.join('.')}`);

/**
 * Data whose shape the type leaves open (a job's payload: `Record<string, unknown>`). Nothing can be declared
 * inside it; a secret-looking name in it is hidden by its name, which the sample puts to the test.
 */
const OPEN_BAGS = ['JobRequested.payload.*'];
const openBagSample = (type: string) => ({ signingSecret: `value-of-${type}.open-bag-secret`, note: 'kept' });

/** A sample of the event's data: each string a marker naming its own path, so a leak says where it came from. */
const sampleData = (shape: EventShape): Record<string, unknown> => {
  const data: Record<string, unknown> = {};
  for (const leaf of shape.leaves) {
    const value =
      leaf.kind === 'string'
        ? (leaf.literal ?? marker(shape.type, leaf))
        : leaf.kind === 'number'
          ? 1
          : leaf.kind === 'boolean'
            ? true
            : openBagSample(shape.type);
    let at: Record<string, unknown> = data;
    const path = leaf.path.map((p) => (p === '[]' ? '0' : p === '*' ? 'key' : p));
    path.forEach((key, i) => {
      if (i === path.length - 1) at[key] = value;
      else {
        const next = at[key];
        const child: Record<string, unknown> = typeof next === 'object' && next !== null ? { ...next } : {};
        at[key] = child;
        at = child;
      }
    });
  }
  return data;
};

/** An event store holding one stream (all the reader needs), so every event type can be written as is. */
const storeOf = (events: RecordedEvent[]): EventStore => ({
  readStream: async (_streamId, options) =>
    events.slice(options?.fromRevision ?? 0).slice(0, options?.maxCount ?? events.length),
  readAll: async () => events,
  append: async () => {
    throw new Error('read-only');
  },
  subscribeToAll: () => {
    throw new Error('read-only');
  },
  deleteStream: async () => undefined,
  headPosition: async () => events.length,
  close: async () => undefined,
});

describe('the event catalogue declares every secret, and no auditor view or export shows one', () => {
  let catalogue: EventShape[];
  beforeAll(() => {
    catalogue = readCatalogue();
  }, 60_000);

  it('has an entry in SECRET_FIELDS for every event type the domain declares, and no other', () => {
    expect(catalogue.length).toBeGreaterThan(90);
    expect(catalogue.map((e) => e.type).sort()).toEqual(Object.keys(SECRET_FIELDS).sort());
  });

  it('reads every leaf of every event data (so the checks below see all there is)', () => {
    const unread = catalogue.flatMap((shape) =>
      shape.leaves.filter((l) => l.kind === 'other').map((l) => `${shape.type}.${l.path.join('.')}`),
    );
    expect(unread).toEqual(OPEN_BAGS);
    expect(catalogue.filter((shape) => shape.leaves.length === 0).map((s) => s.type)).toEqual([]);
  });

  it('declares every field whose name says secret, hash, token, password or signature', () => {
    const missing = catalogue.flatMap((shape) =>
      undeclaredSecrets(shape, SECRET_FIELDS[shape.type as keyof typeof SECRET_FIELDS]),
    );
    expect(missing).toEqual([]);
  });

  it('would fail for a new event type with an undeclared secret-looking field', () => {
    const rotated: EventShape = {
      type: 'WebhookSecretRotated',
      leaves: [
        { path: ['webhookId'], kind: 'string' },
        { path: ['newSigningSecret'], kind: 'string' },
        { path: ['previous', 'tokenHash'], kind: 'string' },
      ],
    };
    expect(undeclaredSecrets(rotated, [])).toEqual([
      'WebhookSecretRotated.newSigningSecret',
      'WebhookSecretRotated.previous.tokenHash',
    ]);
    expect(undeclaredSecrets(rotated, ['newSigningSecret'])).toEqual([
      'WebhookSecretRotated.previous.tokenHash',
    ]);
  });

  it('shows "[secret]" instead of every secret, in the events view and in the JSON Lines export, for every event type', async () => {
    const events: RecordedEvent[] = catalogue.map((shape, i) => ({
      streamId: 'every-event-type',
      type: shape.type,
      schemaVersion: 1,
      data: sampleData(shape),
      metadata: {
        eventId: `e${i}`,
        correlationId: 'c',
        causationId: null,
        actor: { kind: 'system', id: 'test' },
        occurredAt: '2026-01-01T00:00:00.000Z',
      },
      streamRevision: i,
      globalPosition: i + 1,
    }));
    const reader = new StreamReader(storeOf(events));
    const viewed = (await reader.read('every-event-type')).map(toAuditEvent);
    const exported: string[] = [];
    for await (const event of reader.all('every-event-type')) exported.push(toJsonLine(event));

    const secretLeaves = catalogue.flatMap((shape) =>
      shape.leaves
        .filter((leaf) => leaf.kind === 'string' && leaf.literal === undefined)
        .filter((leaf) => SECRET_LOOKING_NAME.test(fieldName(leaf)))
        .map((leaf) => ({ type: shape.type, field: leaf.path.join('.'), value: marker(shape.type, leaf) })),
    );
    expect(secretLeaves.map((s) => `${s.type}.${s.field}`)).toEqual(
      expect.arrayContaining([
        'WebhookCreated.secret',
        'ChatSiteRegistered.identitySecret',
        'UserRegistered.passwordHash',
      ]),
    );
    secretLeaves.push(
      ...OPEN_BAGS.map((bag) => {
        const type = bag.split('.')[0] ?? '';
        return { type, field: `${bag}.signingSecret`, value: `value-of-${type}.open-bag-secret` };
      }),
    );
    const views = { events: JSON.stringify(viewed), export: exported.join('') };
    for (const [where, text] of Object.entries(views))
      expect(
        secretLeaves.filter((s) => text.includes(s.value)).map((s) => `${s.type}.${s.field}`),
        `secrets readable in the ${where} view`,
      ).toEqual([]);
    for (const [i, shape] of catalogue.entries())
      for (const field of SECRET_FIELDS[shape.type as keyof typeof SECRET_FIELDS]) {
        expect(viewed[i]?.data, `${shape.type}.${field}`).toHaveProperty(field, SECRET_SHOWN_AS);
        expect(JSON.parse(exported[i] ?? '{}').data, `${shape.type}.${field}`).toHaveProperty(
          field,
          SECRET_SHOWN_AS,
        );
      }
    // Everything else stays as stored: the auditor still reads the history.
    const webhook = viewed.find((e) => e.type === 'WebhookCreated');
    expect(webhook?.data).toMatchObject({ url: 'value-of-WebhookCreated.url' });
  });

  it('hides secret-looking fields of an event type the catalogue does not know (an old name) by their names', async () => {
    const reader = new StreamReader(
      storeOf([
        {
          streamId: 's',
          type: 'WebhookRegistered',
          schemaVersion: 1,
          data: { url: 'https://example.com/hook', signingSecret: 'whsec_1', nested: [{ apiToken: 't' }] },
          metadata: {
            eventId: 'e',
            correlationId: 'c',
            causationId: null,
            actor: { kind: 'system', id: 'test' },
            occurredAt: '2026-01-01T00:00:00.000Z',
          },
          streamRevision: 0,
          globalPosition: 1,
        },
      ]),
    );
    const [event] = await reader.read('s');
    expect(event?.data).toEqual({
      url: 'https://example.com/hook',
      signingSecret: SECRET_SHOWN_AS,
      nested: [{ apiToken: SECRET_SHOWN_AS }],
    });
  });
});
