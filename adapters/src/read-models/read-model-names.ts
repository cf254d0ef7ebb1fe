import type { Filter, FieldCondition, Scalar } from '@scrivo/domain';

/**
 * Names every read-model adapter accepts. Collection names and field paths end up in SQL text (table names,
 * json paths that expression indexes must match literally) and in MongoDB namespaces, so they are held to a
 * strict alphabet rather than escaped; values are always bound or passed as data, never spliced.
 */
const COLLECTION = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const assertCollectionName = (name: string): string => {
  if (!COLLECTION.test(name)) {
    throw new Error(
      `Invalid read-model collection name ${JSON.stringify(name)}: use letters, digits, _ and -`,
    );
  }
  return name;
};

/** A field or dotted path (`owner.id`); numeric segments are refused (no array indexing). */
export const assertFieldPath = (path: string): string => {
  const segments = path.split('.');
  if (segments.length > 8 || !segments.every((s) => SEGMENT.test(s)) || segments[0] === '_id') {
    throw new Error(`Invalid read-model field path ${JSON.stringify(path)}`);
  }
  return path;
};

export type Operator = '$eq' | '$ne' | '$in' | '$gt' | '$gte' | '$lt' | '$lte' | '$contains';
const OPERATORS = new Set<string>(['$eq', '$ne', '$in', '$gt', '$gte', '$lt', '$lte', '$contains']);

export type Clause =
  | { readonly kind: 'or'; readonly filters: readonly Filter[] }
  | { readonly kind: 'field'; readonly path: string; readonly operator: Operator; readonly value: unknown };

const isScalar = (value: unknown): value is Scalar =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

const checkValue = (path: string, operator: Operator, value: unknown): void => {
  const bad = (expected: string) =>
    new Error(`${operator} on ${path} needs ${expected}, got ${JSON.stringify(value)}`);
  switch (operator) {
    case '$eq':
    case '$ne':
      if (!isScalar(value)) throw bad('a string, number, boolean or null');
      if (typeof value === 'number' && !Number.isFinite(value)) throw bad('a finite number');
      return;
    case '$in':
      if (!Array.isArray(value) || !value.every(isScalar)) throw bad('an array of scalars');
      return;
    case '$contains':
      if (typeof value !== 'string') throw bad('a string');
      return;
    default:
      if (!(typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))) {
        throw bad('a number or a string');
      }
  }
};

/**
 * Splits a filter into clauses, validating it on the way, so that each adapter only translates clauses and all
 * of them refuse the same malformed filters. A condition object may combine operators (`{ $gte: 1, $lt: 5 }`).
 */
export const filterClauses = (filter: Filter | undefined): Clause[] => {
  const clauses: Clause[] = [];
  for (const [key, condition] of Object.entries(filter ?? {}) as [string, unknown][]) {
    if (key === '$or') {
      if (!Array.isArray(condition)) throw new Error('$or needs an array of filters');
      clauses.push({ kind: 'or', filters: condition as Filter[] });
      continue;
    }
    const path = assertFieldPath(key);
    if (condition === undefined) throw new Error(`The condition on ${path} is undefined`);
    if (isScalar(condition)) {
      checkValue(path, '$eq', condition);
      clauses.push({ kind: 'field', path, operator: '$eq', value: condition });
      continue;
    }
    const operators = Object.entries(condition as Exclude<FieldCondition, Scalar>);
    if (Array.isArray(condition) || operators.length === 0) {
      throw new Error(`Invalid condition on ${path}: ${JSON.stringify(condition)}`);
    }
    for (const [operator, value] of operators) {
      if (!OPERATORS.has(operator)) throw new Error(`Unknown operator ${operator} on ${path}`);
      checkValue(path, operator as Operator, value);
      clauses.push({ kind: 'field', path, operator: operator as Operator, value });
    }
  }
  return clauses;
};

export const checkPaging = (limit: number | undefined, skip: number | undefined): void => {
  for (const [name, value] of [
    ['limit', limit],
    ['skip', skip],
  ] as const) {
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
      throw new Error(`${name} must be a non-negative safe integer, got ${value}`);
    }
  }
};
