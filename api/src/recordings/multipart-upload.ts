import { createWriteStream } from 'node:fs';
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
      // busboy cuts a value at fieldSize and says so: a cut value is not what was sent, so it is refused.
      const truncated: string[] = [];
      parser.on('field', (name, value, info) => {
        if (info.valueTruncated) truncated.push(name);
        fields[name] = value;
        (fieldValues[name] ??= []).push(value);
      });
      parser.on('file', (name, stream, info) => {
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
          req.unpipe(parser);
          out.destroy();
          reject(
            new ApiError(
              413,
              'PAYLOAD_TOO_LARGE',
              `This file is larger than your plan's limit of ${MB(maxBytes)}.`,
            ),
          );
          req.resume();
        });
        writing = new Promise((done, fail) => {
          out.on('finish', () => done());
          out.on('error', fail);
        });
        stream.pipe(out);
      });
      parser.on('error', (error: Error) =>
        reject(new ApiError(400, 'MALFORMED_UPLOAD', `The upload could not be read: ${error.message}`)),
      );
      parser.on('close', () => {
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
        writing.then(() => resolve({ path, size, filename, fields, fieldValues, cleanup }), reject);
      });
      req.on('aborted', () => reject(new ApiError(400, 'UPLOAD_ABORTED', 'The upload was interrupted.')));
      req.pipe(parser);
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
};
