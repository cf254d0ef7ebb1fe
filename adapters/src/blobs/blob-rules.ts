import type { ByteRange } from '@scrivo/domain';

/**
 * Keys every blob adapter accepts: relative, `/`-separated paths. Refusing `..`, absolute paths, dot-segments and
 * control characters keeps the local store inside its root (and its temp and `.meta.json` sidecar names out of
 * the key space); the same rules apply to object storage so that a key valid for one adapter is valid for all.
 */
export const assertValidBlobKey = (key: string): string => {
  const refuse = (why: string) => new Error(`Invalid blob key ${JSON.stringify(key)}: ${why}`);
  if (typeof key !== 'string' || key.length === 0) throw refuse('empty');
  if (Buffer.byteLength(key) > 1000) throw refuse('longer than 1000 bytes');
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) throw refuse('absolute');
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(key)) throw refuse('backslash or control character');
  if (key.endsWith('.meta.json')) throw refuse('the .meta.json suffix is reserved');
  for (const segment of key.split('/')) {
    if (segment === '') throw refuse('empty path segment');
    if (segment === '.' || segment === '..') throw refuse('relative path segment');
    if (segment.startsWith('.')) throw refuse('segments may not start with a dot');
  }
  return key;
};

/**
 * The bytes a range asks for. A range must lie inside the blob: its start before the end of the blob, its
 * inclusive end (when given) at or after the start and at most the last byte. HTTP handlers clamp open-ended
 * requests before asking.
 */
export const resolveRange = (
  range: ByteRange | undefined,
  size: number,
): { start: number; end: number; length: number } => {
  if (!range) return { start: 0, end: size - 1, length: size };
  const { start } = range;
  const end = range.end ?? size - 1;
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 0 ||
    start >= size ||
    end < start ||
    end >= size
  ) {
    throw new RangeError(`Range ${start}-${range.end ?? ''} is outside a blob of ${size} bytes`);
  }
  return { start, end, length: end - start + 1 };
};
