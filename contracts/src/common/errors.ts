import { z } from 'zod';

/**
 * Every error the API answers with has this shape. `error` is the human message (the spec's clients read
 * `error`), `code` is stable for programs, `message` repeats `error` for clients that read that field.
 */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  details: z.record(z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
