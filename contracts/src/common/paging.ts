import { z } from 'zod';

/**
 * The highest page number a list accepts. Without a bound, `?page=1e300` passes `.int()` and reaches the store as
 * an offset no database integer can hold (SQLite answered "datatype mismatch", a 500). Ten thousand pages of 100
 * is a million items, more than any list here holds; past the end a list is simply empty.
 */
export const MAX_PAGE = 10_000;

/** `?page=`: 1-based, bounded (see MAX_PAGE). */
export const PageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);

/** A cursor or sequence number in a query string: a whole number JavaScript and the stores hold exactly. */
export const QueryCursor = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0);
