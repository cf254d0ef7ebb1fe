// The users who write while others browse, each through the typed client at their own pace: uploads of short clips
// (each followed to its transcript), long files, questions and summaries. Every call is timed under its class.
import type { TestClient } from '../../api/test/support/http-client';
import type { LoadAudio } from './audio';
import type { SeededUser } from './seed';
import type { StatsBook } from './stats';

export interface UploadRecord {
  readonly kind: 'clip' | 'long';
  readonly seconds: number;
  readonly user: SeededUser;
  readonly id: string;
  /** Milliseconds from the upload's start to its answer (201, or the 503 that names the saved recording). */
  readonly acceptedMs: number;
  /** Answered 503 READ_MODELS_BEHIND naming the recording: saved whole, only its read-back timed out. */
  readonly savedBehind: boolean;
  /** Milliseconds from the upload's start to a completed transcript; undefined while not there. */
  transcriptMs?: number;
  failed?: string;
}

/** The class of the read that follows each accepted upload at once: anything but a 200 breaks read-your-writes. */
export const READ_AFTER_UPLOAD = 'read after upload';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A pause between a user's turns that never runs past the end of the run. */
const pause = (ms: number, endAt: number) => wait(Math.max(0, Math.min(ms, endAt - Date.now())));

interface WriterOptions {
  /** The API replicas; a user's calls go to each in turn, as a load balancer would send them. */
  readonly urls: readonly string[];
  readonly users: readonly SeededUser[];
  readonly book: StatsBook;
  /** No new work starts after this instant (Date.now() scale). */
  readonly endAt: number;
  /** Work already started is followed until this instant. */
  readonly drainUntil: number;
}

/** Uploads one file and follows it to its transcript; refused uploads are counted by status in the book. */
const uploadAndFollow = async (
  options: WriterOptions,
  user: SeededUser,
  kind: UploadRecord['kind'],
  file: { readonly seconds: number; readonly path: string },
  uploads: UploadRecord[],
  readFile: (path: string) => Blob,
  turn: number,
): Promise<void> => {
  const replica = (step: number) => user.client.at(options.urls[(turn + step) % options.urls.length]!);
  const started = performance.now();
  const form = new FormData();
  form.set('file', readFile(file.path), file.path.split('/').at(-1)!);
  const created = await options.book.timed(`upload (${kind})`, () =>
    replica(0).api.recordings.create({ body: form }),
  );
  const savedId =
    created?.status === 503 && created.body.code === 'READ_MODELS_BEHIND'
      ? created.body.details?.recordingId
      : undefined;
  if (created?.status !== 201 && typeof savedId !== 'string') return;
  const id = created?.status === 201 ? created.body.id : String(savedId);
  // Read-your-writes: the upload is there at once, on the next replica (the same API when there is one). Not
  // asked of an upload the API itself said it could not read back yet.
  if (created?.status === 201)
    await options.book.timed(READ_AFTER_UPLOAD, () => replica(1).api.recordings.get({ params: { id } }));
  const record: UploadRecord = {
    kind,
    seconds: file.seconds,
    user,
    id,
    acceptedMs: performance.now() - started,
    savedBehind: created?.status !== 201,
  };
  uploads.push(record);
  const every = kind === 'long' ? 5_000 : 1_000;
  for (let poll = 0; Date.now() < options.drainUntil; poll += 1) {
    const polled = await options.book.timed('status poll', () =>
      replica(poll).api.recordings.get({ params: { id: record.id } }),
    );
    if (polled?.status === 200 && polled.body.status === 'completed') {
      record.transcriptMs = performance.now() - started;
      return;
    }
    if (polled?.status === 200 && polled.body.status === 'failed') {
      record.failed = JSON.stringify(polled.body.error);
      return;
    }
    await wait(every);
  }
};

/**
 * `uploaders` users each upload a short clip (5 to 30 s, taken in turn), follow it to its transcript, and start
 * the next `intervalSeconds` after the previous started (at once if it took longer); `longUploaders` users each
 * upload the long file once at the start.
 */
export const runUploads = async (
  options: WriterOptions & {
    readonly audio: LoadAudio;
    readonly uploaders: number;
    readonly longUploaders: number;
    readonly intervalSeconds: number;
    readonly readFile: (path: string) => Blob;
  },
): Promise<UploadRecord[]> => {
  const uploads: UploadRecord[] = [];
  const clipper = async (index: number) => {
    const user = options.users[index % options.users.length]!;
    // Spread over the first interval, so the uploads do not all land in the same second.
    await pause((index / Math.max(1, options.uploaders)) * options.intervalSeconds * 1000, options.endAt);
    for (let turn = 0; Date.now() < options.endAt; turn += 1) {
      const started = Date.now();
      const clip = options.audio.clips[(index + turn) % options.audio.clips.length]!;
      await uploadAndFollow(options, user, 'clip', clip, uploads, options.readFile, index + turn);
      await pause(started + options.intervalSeconds * 1000 - Date.now(), options.endAt);
    }
  };
  const long = async (index: number) => {
    const file = options.audio.long;
    if (!file) return;
    const user = options.users[(options.uploaders + index) % options.users.length]!;
    await uploadAndFollow(options, user, 'long', file, uploads, options.readFile, index);
  };
  await Promise.all([
    ...Array.from({ length: options.uploaders }, (_, i) => clipper(i)),
    ...Array.from({ length: options.longUploaders }, (_, i) => long(i)),
  ]);
  return uploads;
};

const QUESTIONS = [
  'What is this recording about?',
  'Who is speaking, and where are they?',
  'What happened at night?',
];

/** Each asker asks about one of their recordings, reads the whole streamed answer, then waits `intervalSeconds`. */
export const runQuestions = async (
  options: WriterOptions & { readonly askers: number; readonly intervalSeconds: number },
): Promise<{ answered: number; notInRecording: number; streamErrors: number }> => {
  let answered = 0;
  let notInRecording = 0;
  let streamErrors = 0;
  const asker = async (index: number) => {
    const user = options.users[(index * 7 + 3) % options.users.length]!;
    for (let turn = 0; Date.now() < options.endAt; turn += 1) {
      const recording = user.recordings[turn % user.recordings.length]!;
      const answer = await options.book.timed('question (whole answer)', () =>
        user.client.api.questions.ask({
          params: { id: recording.id },
          body: { question: QUESTIONS[(index + turn) % QUESTIONS.length]! },
        }),
      );
      if (answer?.status === 200) {
        // "Not in this recording" without the model: no transcript line matched the question's words.
        if (answer.text.includes('"notInRecording":true')) notInRecording += 1;
        if (answer.text.includes('"type":"done"')) answered += 1;
        else streamErrors += 1;
      }
      await pause(options.intervalSeconds * 1000, options.endAt);
    }
  };
  await Promise.all(Array.from({ length: options.askers }, (_, i) => asker(i)));
  return { answered, notInRecording, streamErrors };
};

/** Each summariser asks for a summary of one of their recordings and polls it until it is no longer running. */
export const runSummaries = async (
  options: WriterOptions & { readonly summarisers: number; readonly intervalSeconds: number },
): Promise<{ readyMs: number[]; failed: number }> => {
  const readyMs: number[] = [];
  let failed = 0;
  const summariser = async (index: number) => {
    const user = options.users[(index * 5 + 1) % options.users.length]!;
    for (let turn = 0; Date.now() < options.endAt; turn += 1) {
      const started = performance.now();
      const recording = user.recordings[turn % user.recordings.length]!;
      const asked = await options.book.timed('summary request', () =>
        user.client.api.summaries.request({ params: { id: recording.id }, body: {} }),
      );
      if (asked?.status === 202)
        await followSummary(options, user.client, recording.id, started, readyMs, () => {
          failed += 1;
        });
      await pause(options.intervalSeconds * 1000, options.endAt);
    }
  };
  await Promise.all(Array.from({ length: options.summarisers }, (_, i) => summariser(i)));
  return { readyMs, failed };
};

const followSummary = async (
  options: WriterOptions,
  client: TestClient,
  id: string,
  started: number,
  readyMs: number[],
  onFailed: () => void,
) => {
  while (Date.now() < options.drainUntil) {
    await wait(2_000);
    const polled = await options.book.timed('status poll', () =>
      client.api.summaries.get({ params: { id } }),
    );
    if (polled?.status !== 200 || polled.body.status === 'running') continue;
    if (polled.body.status === 'ready') readyMs.push(performance.now() - started);
    else onFailed();
    return;
  }
};
