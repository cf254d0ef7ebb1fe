import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { AuditSearchAnswer, AuditEvent } from '@scrivo/contracts';
import type { ReadModelStore } from '@scrivo/domain';
import { AccountStreams, EmailStreamNames, emailClaimDecider, normalizeEmail } from '@scrivo/domain/accounts';
import {
  AUDIT_CORRELATIONS,
  AUDIT_STREAMS,
  type CorrelationDoc,
  type StreamIndexDoc,
  streamIdOf,
} from '@scrivo/domain/audit';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedAuditor } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { READ_MODELS } from '../../infrastructure/tokens';
import { AuditTrail } from '../audit-trail';
import { StreamReader, toAuditEvent } from '../stream-reader';

export type SearchBy = 'stream' | 'email' | 'chat' | 'correlation';

export class SearchStreamsQuery extends Query<AuditSearchAnswer> {
  constructor(
    readonly auditor: AuthenticatedAuditor,
    readonly by: SearchBy,
    readonly q: string,
    readonly kind: string | undefined,
  ) {
    super();
  }
}

/** At most this many events of one request are listed (a transcription's progress events can be thousands). */
const MAX_CORRELATED = 500;
const MAX_STREAMS = 200;

@QueryHandler(SearchStreamsQuery)
export class SearchStreamsHandler implements IQueryHandler<SearchStreamsQuery> {
  constructor(
    private readonly reader: StreamReader,
    private readonly trail: AuditTrail,
    private readonly runner: StreamRunner,
    private readonly emails: EmailStreamNames,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ auditor, by, q, kind }: SearchStreamsQuery): Promise<AuditSearchAnswer> {
    await this.trail.record(auditor, 'search', null, `${by}${kind ? `:${kind}` : ''}:${q}`);
    switch (by) {
      case 'stream':
        return { streams: await this.reader.summaries([this.streamName(q, kind)]) };
      case 'email':
        return { streams: await this.reader.summaries(await this.streamsOfEmail(q)) };
      case 'chat':
        return { streams: await this.reader.summaries(await this.chatsEndingWith(q)) };
      case 'correlation':
        return this.correlated(q);
    }
  }

  private streamName(id: string, kind: string | undefined): string {
    if (!kind) return id;
    const name = streamIdOf(kind, id);
    if (!name) throw new ApiError(400, 'UNKNOWN_STREAM_KIND', `There is no kind of stream called "${kind}".`);
    return name;
  }

  /** The account, its address streams, and every stream whose events name the user (usage, recordings, chats). */
  private async streamsOfEmail(email: string): Promise<string[]> {
    const address = normalizeEmail(email);
    const userId = (await this.runner.state(emailClaimDecider, this.emails.userEmail(address))).ownerId;
    const byName = [
      this.emails.userEmail(address),
      this.emails.emailVerification(address),
      this.emails.invitation(address),
    ];
    if (!userId) return byName;
    const owned = await this.readModels
      .collection<StreamIndexDoc>(AUDIT_STREAMS)
      .find({ userId }, { sort: [{ field: 'firstAt', direction: 'asc' }], limit: MAX_STREAMS });
    return [AccountStreams.user(userId), ...byName, ...owned.map((s) => s.id)];
  }

  /** The admin queue shows a chat's last 8 characters; any tail of at least 4 finds the chats ending so. */
  private async chatsEndingWith(tail: string): Promise<string[]> {
    const suffix = tail.toLowerCase().replace(/^#/, '');
    if (suffix.length < 4)
      throw new ApiError(400, 'SUFFIX_TOO_SHORT', 'Type at least the last 4 characters of the chat id.');
    const found = await this.readModels
      .collection<StreamIndexDoc>(AUDIT_STREAMS)
      .find({ kind: 'chat-session', id: { $contains: suffix } }, { limit: MAX_STREAMS });
    return found.map((s) => s.id).filter((id) => id.toLowerCase().endsWith(suffix));
  }

  private async correlated(correlationId: string): Promise<AuditSearchAnswer> {
    const index = await this.readModels
      .collection<CorrelationDoc>(AUDIT_CORRELATIONS)
      .find(
        { correlationId },
        { sort: [{ field: 'globalPosition', direction: 'asc' }], limit: MAX_CORRELATED },
      );
    const events: AuditEvent[] = [];
    for (const entry of index) {
      const [event] = await this.reader.read(entry.streamId, {
        fromRevision: entry.streamRevision,
        maxCount: 1,
      });
      if (event) events.push(toAuditEvent(event));
    }
    return { streams: await this.reader.summaries(index.map((e) => e.streamId)), events };
  }
}
