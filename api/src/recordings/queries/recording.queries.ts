import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Recording, RecordingList, Transcript, Usage } from '@scrivo/contracts';
import type { Clock, Filter, ReadModelStore } from '@scrivo/domain';
import {
  PARTIAL_TRANSCRIPTS_COLLECTION,
  LIBRARY_ORDER,
  type PartialTranscriptDoc,
  partialTranscriptDoc,
  RECORDINGS_COLLECTION,
  type RecordingDoc,
  TRANSCRIPTS_COLLECTION,
  type TranscriptDoc,
} from '@scrivo/domain/recordings';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { CLOCK, READ_MODELS } from '../../infrastructure/tokens';
import { retentionRemovals } from '../../workspaces/retention/retention-removals';
import { WorkspaceMembership } from '../../workspaces/support/workspace-membership';
import { toListItem, toRecording } from '../recording-view';
import { RecordingLabelsReader } from '../support/recording-labels';
import { transcriptView } from '../support/transcript-view';
import { workspaceLibraryOwner } from '@scrivo/domain/library';
import { RecordingAccess, type RecordingAction } from '../support/recording-access';

export class GetRecordingQuery extends Query<RecordingDoc> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
    /** What the caller will do with it: a workspace viewer may read and export, not more (recording-access.ts). */
    readonly action: RecordingAction,
    readonly options: { deleted?: boolean } = {},
  ) {
    super();
  }
}

@QueryHandler(GetRecordingQuery)
export class GetRecordingHandler implements IQueryHandler<GetRecordingQuery> {
  constructor(private readonly access: RecordingAccess) {}
  execute({ user, id, action, options }: GetRecordingQuery): Promise<RecordingDoc> {
    return this.access.owned(user, id, action, options);
  }
}

/** The recording's page: the recording, with what its workspace's retention will remove and when. */
export class ShowRecordingQuery extends Query<Recording> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(ShowRecordingQuery)
export class ShowRecordingHandler implements IQueryHandler<ShowRecordingQuery> {
  constructor(
    private readonly access: RecordingAccess,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ user, id }: ShowRecordingQuery): Promise<Recording> {
    const doc = await this.access.owned(user, id, 'read');
    const removals = await retentionRemovals(this.readModels, [doc], this.clock.now());
    return toRecording(doc, removals.get(id) ?? null);
  }
}

export class ListRecordingsQuery extends Query<RecordingList> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly query: {
      page: number;
      pageSize: number;
      q?: string;
      sort: 'date' | 'title' | 'duration';
      order: 'asc' | 'desc';
      folder?: string;
      tag?: string;
      workspaceId?: string;
    },
  ) {
    super();
  }
}

@QueryHandler(ListRecordingsQuery)
export class ListRecordingsHandler implements IQueryHandler<ListRecordingsQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly membership: WorkspaceMembership,
  ) {}

  async execute({ user, query }: ListRecordingsQuery): Promise<RecordingList> {
    // A workspace's list is for its members (404 for anyone else), read per request like every role.
    if (query.workspaceId) await this.membership.require(user.id, query.workspaceId, 'read');
    // A workspace's list is filtered by, and shows, the workspace's own folders and tags; one's own by one's own.
    const labelsOwner = query.workspaceId ? workspaceLibraryOwner(query.workspaceId) : user.id;
    const labels = new RecordingLabelsReader(this.readModels, labelsOwner);
    const only = await labels.filter(query);
    if (only?.length === 0) return { items: [], page: query.page, pageSize: query.pageSize, total: 0 };
    const owned: Filter = query.workspaceId
      ? { workspaceId: query.workspaceId, deletedAt: null }
      : { ownerId: user.id, deletedAt: null };
    const base: Filter = only ? { ...owned, id: { $in: only } } : owned;
    const filter: Filter = query.q
      ? {
          $or: [
            { ...base, title: { $contains: query.q } },
            { ...base, searchText: { $contains: query.q } },
          ],
        }
      : base;
    const field = { date: 'createdAt', title: 'title', duration: 'durationSeconds' }[query.sort];
    const collection = this.readModels.collection<RecordingDoc>(RECORDINGS_COLLECTION);
    const skip = (query.page - 1) * query.pageSize;
    const docs = await collection.find(filter, {
      sort: [...LIBRARY_ORDER, { field, direction: query.order }, { field: 'id', direction: 'asc' }],
      skip,
      limit: query.pageSize,
    });
    // A page that is not full, and not past the end, says the total itself: most libraries fit on the first page,
    // and a count is a second pass over the same documents (on FerretDB a second scan of every recording, issue 45).
    const total =
      docs.length < query.pageSize && (docs.length > 0 || skip === 0)
        ? skip + docs.length
        : await collection.count(filter);
    const labelled = await labels.of(docs.map((d) => d.id));
    const removals = await retentionRemovals(this.readModels, docs, this.clock.now());
    return {
      items: docs.map((d) => toListItem(d, query.q, labelled.get(d.id), removals.get(d.id) ?? null)),
      page: query.page,
      pageSize: query.pageSize,
      total,
    };
  }
}

export class GetTranscriptQuery extends Query<TranscriptDoc> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
    readonly action: RecordingAction,
    /**
     * Answer with the finished pieces of a long recording still being transcribed (the transcript page); exports,
     * questions and the OpenAI-compatible API want the whole transcript only.
     */
    readonly soFar = false,
  ) {
    super();
  }
}

@QueryHandler(GetTranscriptQuery)
export class GetTranscriptHandler implements IQueryHandler<GetTranscriptQuery> {
  constructor(
    private readonly access: RecordingAccess,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, id, action, soFar }: GetTranscriptQuery): Promise<TranscriptDoc> {
    const doc = await this.access.owned(user, id, action);
    const transcript = await this.readModels.collection<TranscriptDoc>(TRANSCRIPTS_COLLECTION).get(id);
    // A long recording is readable from its start while the rest of its pieces are transcribed.
    if (soFar && doc.status === 'transcribing' && doc.pieces && doc.pieces.done > 0) {
      const partial = await this.readModels
        .collection<PartialTranscriptDoc>(PARTIAL_TRANSCRIPTS_COLLECTION)
        .get(id);
      if (partial && partial.jobId === doc.jobId) return partialTranscriptDoc(partial, doc);
    }
    if (doc.status !== 'completed' || !transcript)
      throw new ApiError(
        409,
        'TRANSCRIPT_NOT_READY',
        `The transcript is not ready yet (the recording is ${doc.status}).`,
      );
    return transcript;
  }
}

/** The transcript page's read: the transcript so far, its last editor named. */
export class ShowTranscriptQuery extends Query<Transcript> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(ShowTranscriptQuery)
export class ShowTranscriptHandler implements IQueryHandler<ShowTranscriptQuery> {
  constructor(
    private readonly transcripts: GetTranscriptHandler,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, id }: ShowTranscriptQuery): Promise<Transcript> {
    return transcriptView(
      this.readModels,
      await this.transcripts.execute(new GetTranscriptQuery(user, id, 'read', true)),
    );
  }
}

export class GetUsageQuery extends Query<Usage> {
  constructor(readonly user: AuthenticatedUser) {
    super();
  }
}

@QueryHandler(GetUsageQuery)
export class GetUsageHandler implements IQueryHandler<GetUsageQuery> {
  constructor(private readonly access: RecordingAccess) {}
  execute({ user }: GetUsageQuery): Promise<Usage> {
    return this.access.usage(user);
  }
}

export const recordingQueryHandlers = [
  GetRecordingHandler,
  ShowRecordingHandler,
  ListRecordingsHandler,
  GetTranscriptHandler,
  ShowTranscriptHandler,
  GetUsageHandler,
];
