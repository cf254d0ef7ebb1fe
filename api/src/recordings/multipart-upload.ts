import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import busboy from 'busboy';
import type { Request } from 'express';
import { ApiError } from '../common/api-error';

export interface ParsedUpload {
  readonly path: string;
  readonly size: number;
  readonly filename: string | null;
  readonly fields: Record<string, string>;
  /** Every value of each field, in order (a field sent more than once, e.g. `timestamp_granularities[]`). */
  readonly fieldValues: Record<string, string[]>;
  cleanup(): Promise<void>;
}

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** The longest value a text field may have (a title, a language, an OpenAI model name). */
const FIELD_SIZE = 10_000;

const malformed = (error: Error) =>
  new ApiError(400, 'MALFORMED_UPLOAD', `The upload could not be read: ${error.message}`);

/** busboy throws at construction on a header it cannot use (no boundary, an unknown type): that is the client's. */
const parserFor = (req: Request, maxBytes: number): busboy.Busboy => {
  try {
    return busboy({
      headers: req.headers,
      limits: { files: 1, fields: 10, fieldSize: FIELD_SIZE, fileSize: maxBytes },
    });
  } catch (error) {
    throw new ApiError(
      400,
      'MALFORMED_UPLOAD',
      `The upload could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
};

/**
 * Streams a multipart upload to a temp file, refusing it the moment it passes `maxBytes` (so a huge file is
 * never read to the end and memory stays at one chunk).
 */
export const receiveMultipart = async (req: Request, maxBytes: number): Promise<ParsedUpload> => {
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? ''))
    throw new ApiError(400, 'VALIDATION_FAILED', 'Send the file as multipart/form-data with a "file" field.');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + 64 * 1024)
    throw new ApiError(
      413,
      'PAYLOAD_TOO_LARGE',
      `This file is larger than your plan's limit of ${MB(maxBytes)}.`,
    );
  // The pid in the name lets a restart remove the folder of a process that was killed mid-upload (stale-temp.ts).
  const dir = await mkdtemp(join(tmpdir(), `scrivo-upload-${process.pid}-`));
  const path = join(dir, 'file');
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    return await new Promise<ParsedUpload>((resolve, reject) => {
      const fields: Record<string, string> = {};
      const fieldValues: Record<string, string[]> = {};
      let size = 0;
      let filename: string | null = null;
      let fileSeen = false;
      let writing: Promise<void> = Promise.resolve();
      const parser = parserFor(req, maxBytes);
      const outputs: WriteStream[] = [];
      let settled = false;
      /**
       * Ends the upload once, whatever fails first: stops reading into the parser, closes the temp file, and
       * drains what the client still sends so the answer can reach it.
       */
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        req.unpipe(parser);
        for (const out of outputs) out.destroy();
        req.resume();
        reject(error);
      };
      // busboy cuts a value at fieldSize and says so: a cut value is not what was sent, so it is refused.
      const truncated: string[] = [];
      parser.on('field', (name, value, info) => {
        if (info.valueTruncated) truncated.push(name);
        fields[name] = value;
        (fieldValues[name] ??= []).push(value);
      });
      parser.on('file', (name, stream, info) => {
        // A body that ends inside the file part makes busboy fail the file stream ("Unexpected end of form"): an
        // 'error' with no listener would take the whole process down, so every stream here has one.
        stream.on('error', (error: Error) => fail(malformed(error)));
        if (name !== 'file' || fileSeen) {
          stream.resume();
          return;
        }
        fileSeen = true;
        filename = info.filename || null;
        const out = createWriteStream(path);
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        stream.on('limit', () => {
          fail(
            new ApiError(
              413,
              'PAYLOAD_TOO_LARGE',
              `This file is larger than your plan's limit of ${MB(maxBytes)}.`,
            ),
          );
        });
        writing = new Promise((done, failed) => {
          out.on('finish', () => done());
          out.on('error', failed);
        });
        // Swallowed here, reported by `fail`: an unread rejection must not surface as an unhandled one.
        writing.catch(fail);
        stream.pipe(out);
        outputs.push(out);
      });
      parser.on('error', (error: Error) => fail(malformed(error)));
      parser.on('close', () => {
        if (settled) return;
        if (!fileSeen) return reject(new ApiError(400, 'VALIDATION_FAILED', 'The "file" field is missing.'));
        const [tooLong] = truncated;
        if (tooLong !== undefined)
          return reject(
            new ApiError(
              400,
              'VALIDATION_FAILED',
              `The field "${tooLong}" is longer than ${FIELD_SIZE} bytes.`,
              {
                param: tooLong,
              },
            ),
          );
        writing.then(() => {
          if (settled) return;
          settled = true;
          resolve({ path, size, filename, fields, fieldValues, cleanup });
        }, fail);
      });
      const aborted = () => fail(new ApiError(400, 'UPLOAD_ABORTED', 'The upload was interrupted.'));
      req.on('aborted', aborted);
      req.on('error', aborted);
      // A connection that goes away with the body unfinished may say so with neither of the above, or may have
      // gone already while the checks before this ran (their events then fired before anyone listened).
      req.on('close', () => {
        if (!req.complete) aborted();
      });
      if (req.destroyed && !req.complete) return aborted();
      req.pipe(parser);
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
};
