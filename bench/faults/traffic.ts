// Users of the product during a fault run: they upload short clips, read their library and usage, edit finished
// transcripts and ask for summaries, as people do, while processes are killed under them. Every answer is kept
// (status, Retry-After), because "no 500" is about all of them, not only the ones a check looks at.
import { readFileSync, readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { signUpOver } from '../../api/test/support/api-process';
import { TestClient } from '../../api/test/support/http-client';
import { startReceiver, type WebhookReceiver } from '../../api/test/webhooks/support/receiver';
import { recordingsContract, summariesContract } from '@scrivo/contracts';
import { ADMIN } from './embedded-stack';

export interface Answer {
  readonly at: number;
  readonly what: string;
  /** 0: no answer at all (connection refused or cut: the process was down). */
  readonly status: number;
  readonly retryAfter: string | null;
  /** For a 5xx: the route it answered and what it said, to find it in the processes' logs. */
  readonly route?: string;
  readonly body?: string;
}

/** The route behind each kind of call the users make (the contract's method and path). */
const ROUTES: Record<string, { readonly method: string; readonly path: string }> = {
  upload: recordingsContract.create,
  list: recordingsContract.list,
  usage: recordingsContract.usage,
  get: recordingsContract.get,
  transcript: recordingsContract.transcript,
  edit: recordingsContract.editTranscript,
  summary: summariesContract.request,
};

export const routeOf = (what: string) => {
  const route = ROUTES[what];
  return route ? `${route.method} ${route.path}` : what;
};

export interface Accepted {
  readonly userIndex: number;
  readonly recordingId: string;
  readonly clip: string;
}

export interface Member {
  readonly index: number;
  readonly userId: string;
  readonly client: TestClient;
}

/** Short clips (3-35 s) of real speech, the first few of the shared set. */
const clips = (): string[] => {
  const voices = sharedAudio('librispeech-voices');
  const flacs = readdirSync(voices)
    .filter((n) => n.endsWith('.flac'))
    .sort()
    .slice(0, 6)
    .map((n) => `${voices}/${n}`);
  return [sharedAudio('jfk/jfk.wav'), ...flacs];
};

export class Traffic {
  readonly answers: Answer[] = [];
  readonly accepted: Accepted[] = [];
  readonly members: Member[] = [];
  readonly summaries: string[] = [];
  private readonly clipFiles = clips();
  private uploads = 0;
  /** Told of each 5xx as it is answered. */
  onServerError?: (answer: Answer) => void;

  private constructor(
    readonly url: string,
    readonly dataDir: string,
    readonly receiver: WebhookReceiver,
  ) {}

  static async start(url: string, dataDir: string): Promise<Traffic> {
    return new Traffic(url, dataDir, await startReceiver());
  }

  /**
   * Keeps one answer; an exception from fetch (nobody listening, connection cut) is kept as status 0. A 5xx is
   * kept with its route and body and told to `onServerError` at once, so the run's log gives its instant.
   */
  async track<A extends { status: number; headers: Headers; text: string }>(
    what: string,
    call: () => Promise<A>,
  ) {
    try {
      const answer = await call();
      const serverError = answer.status >= 500;
      const kept: Answer = {
        at: Date.now(),
        what,
        status: answer.status,
        retryAfter: answer.headers.get('retry-after'),
        ...(serverError ? { route: routeOf(what), body: answer.text.slice(0, 1000) } : {}),
      };
      this.answers.push(kept);
      if (serverError) this.onServerError?.(kept);
      return answer;
    } catch {
      this.answers.push({ at: Date.now(), what, status: 0, retryAfter: null });
      return null;
    }
  }

  /** Business Pro users (summaries), each with a webhook on this run's receiver. Before any fault. */
  async addUsers(count: number): Promise<void> {
    const admin = new TestClient(this.url);
    const login = await admin.api.accounts.adminLogin({
      body: { username: ADMIN.email, password: ADMIN.password },
    });
    if (login.status !== 200) throw new Error(`admin login: ${login.status} ${login.text}`);
    for (let index = 0; index < count; index += 1) {
      const email = `faults-${index}-${Date.now().toString(36)}@example.com`;
      const client = await signUpOver(this.url, this.dataDir, email);
      const me = await client.api.accounts.currentUser();
      if (me.status !== 200) throw new Error(`current user: ${me.status} ${me.text}`);
      const plan = await admin.api.adminUsers.setPlan({
        params: { userId: me.body.id },
        body: { plan: 'business_pro', reason: 'faults under traffic' },
      });
      if (plan.status !== 200) throw new Error(`set plan: ${plan.status} ${plan.text}`);
      const hook = await client.api.webhooks.create({
        body: { url: this.receiver.url, events: ['transcription.completed', 'summary.ready'] },
      });
      if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${hook.text}`);
      this.members.push({ index, userId: me.body.id, client });
    }
  }

  /** One upload of the next clip; its answer's status (0: none) and Retry-After. */
  async upload(member: Member): Promise<{ status: number; retryAfter: string | null }> {
    const clip = this.clipFiles[this.uploads % this.clipFiles.length]!;
    this.uploads += 1;
    const form = new FormData();
    form.set('file', new Blob([readFileSync(clip)]), basename(clip));
    const created = await this.track('upload', () => member.client.api.recordings.create({ body: form }));
    // A 503 that names the recording said it was saved (only its read-back timed out): it must complete too.
    const recordingId =
      created?.status === 201
        ? created.body.id
        : created?.status === 503 && created.body.code === 'READ_MODELS_BEHIND'
          ? created.body.details?.recordingId
          : undefined;
    if (typeof recordingId === 'string')
      this.accepted.push({ userIndex: member.index, recordingId, clip: basename(clip) });
    return { status: created?.status ?? 0, retryAfter: created?.headers.get('retry-after') ?? null };
  }

  /** The library, the usage and one recording: what every page of the web app reads. */
  async read(member: Member): Promise<void> {
    await this.track('list', () => member.client.api.recordings.list({ query: {} }));
    await this.track('usage', () => member.client.api.recordings.usage());
    const mine = this.accepted.filter((a) => a.userIndex === member.index);
    const one = mine[mine.length - 1];
    if (one)
      await this.track('get', () => member.client.api.recordings.get({ params: { id: one.recordingId } }));
  }

  /** Rewrites the first line of the member's newest finished transcript (a new version). */
  async edit(member: Member): Promise<void> {
    for (const one of this.accepted.filter((a) => a.userIndex === member.index).reverse()) {
      const transcript = await this.track('transcript', () =>
        member.client.api.recordings.transcript({ params: { id: one.recordingId } }),
      );
      if (transcript?.status !== 200 || transcript.body.segments.length === 0) continue;
      await this.track('edit', () =>
        member.client.api.recordings.editTranscript({
          params: { id: one.recordingId },
          body: {
            version: transcript.body.version,
            segments: [{ index: 0, text: `${transcript.body.segments[0]!.text.trim()} (checked)` }],
          },
        }),
      );
      return;
    }
  }

  /** The newest accepted recording now being transcribed, if any. */
  async transcribing(): Promise<string | undefined> {
    for (const one of [...this.accepted].reverse().slice(0, 10)) {
      const member = this.members[one.userIndex]!;
      const answer = await member.client.api.recordings
        .get({ params: { id: one.recordingId } })
        .catch(() => null);
      if (answer?.status === 200 && answer.body.status === 'transcribing') return one.recordingId;
    }
    return undefined;
  }

  /** Asks for a summary of a finished transcript nobody asked one for yet; true when the job was accepted. */
  async summarize(): Promise<boolean> {
    for (const one of this.accepted) {
      if (this.summaries.includes(one.recordingId)) continue;
      const member = this.members[one.userIndex]!;
      const recording = await this.track('get', () =>
        member.client.api.recordings.get({ params: { id: one.recordingId } }),
      );
      if (recording?.status !== 200 || recording.body.status !== 'completed') continue;
      const asked = await this.track('summary', () =>
        member.client.api.summaries.request({ params: { id: one.recordingId }, body: {} }),
      );
      if (asked?.status === 202) {
        this.summaries.push(one.recordingId);
        return true;
      }
    }
    return false;
  }

  /**
   * Each member in turn until `until`: an upload every `uploadEveryMs` per member, reads and an edit between.
   * The members' turns are spread over the interval so uploads arrive evenly, not in bursts.
   */
  async run(until: number, uploadEveryMs: number): Promise<void> {
    const count = this.members.length;
    await Promise.all(
      this.members.map(async (member) => {
        await sleep((uploadEveryMs * member.index) / count);
        while (Date.now() < until) {
          const next = Date.now() + uploadEveryMs;
          await this.upload(member);
          while (Date.now() < Math.min(next, until)) {
            await this.read(member);
            await sleep(2000 + Math.random() * 2000);
            if (Math.random() < 0.3) await this.edit(member);
          }
        }
      }),
    );
  }

  close(): Promise<void> {
    return this.receiver.close();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
