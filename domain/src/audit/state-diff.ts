/** One difference between two states: where (a dotted path, `[i]` for list items) and the two values. */
export interface StateChange {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What one event changed: the leaves that differ between the state before and after it. Objects and lists are
 * walked; a list that only grew reports its new items, so a chat's 40th message is one change, not forty.
 */
export const diffStates = (before: unknown, after: unknown, path = ''): StateChange[] => {
  if (same(before, after)) return [];
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffStates(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    const changes: StateChange[] = [];
    for (let i = 0; i < length; i += 1) changes.push(...diffStates(before[i], after[i], `${path}[${i}]`));
    return changes;
  }
  return [{ path: path || '(state)', before: before ?? null, after: after ?? null }];
};
