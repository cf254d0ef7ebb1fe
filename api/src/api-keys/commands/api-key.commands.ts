import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@scrivo/contracts';
import { type Ids, NotFoundError, type ReadModelStore } from '@scrivo/domain';
import { API_KEYS_COLLECTION, type ApiKeyDoc, apiKeyDecider, apiKeyStream } from '@scrivo/domain/api-keys';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS, READ_MODELS } from '../../infrastructure/tokens';
import { toApiKey } from '../support/api-key-view';
import { newApiKeySecret } from '../support/api-key-secret';

/** The caller's own key, or 404 (another user's key looks like no key). */
export const ownKey = async (readModels: ReadModelStore, user: AuthenticatedUser, keyId: string) => {
  const doc = await readModels.collection<ApiKeyDoc>(API_KEYS_COLLECTION).get(keyId);
  if (!doc || doc.userId !== user.id) throw new NotFoundError('API key', keyId);
  return doc;
};

export class CreateApiKeyCommand extends Command<CreatedApiKey> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly body: CreateApiKeyBody,
  ) {
    super();
  }
}

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, body }: CreateApiKeyCommand): Promise<CreatedApiKey> {
    const keyId = this.ids.next();
    const { secret, hash, prefix } = newApiKeySecret();
    await this.runner.run(
      apiKeyDecider,
      apiKeyStream(keyId),
      {
        type: 'CreateApiKey',
        keyId,
        userId: user.id,
        name: body.name,
        scopes: body.scopes,
        keyHash: hash,
        prefix,
        now: this.runner.now(),
      },
      { actor: { kind: 'user', id: user.id } },
    );
    return { key: toApiKey(await ownKey(this.readModels, user, keyId)), secret };
  }
}

export class RevokeApiKeyCommand extends Command<ApiKey> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly keyId: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand> {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ user, keyId }: RevokeApiKeyCommand): Promise<ApiKey> {
    await ownKey(this.readModels, user, keyId);
    await this.runner.run(
      apiKeyDecider,
      apiKeyStream(keyId),
      { type: 'RevokeApiKey', now: this.runner.now() },
      { actor: { kind: 'user', id: user.id } },
    );
    return toApiKey(await ownKey(this.readModels, user, keyId));
  }
}

/** A request signed in with the key: "last used", to the minute (the decider drops closer uses). */
export class RecordApiKeyUseCommand extends Command<void> {
  constructor(readonly keyId: string) {
    super();
  }
}

@CommandHandler(RecordApiKeyUseCommand)
export class RecordApiKeyUseHandler implements ICommandHandler<RecordApiKeyUseCommand> {
  constructor(private readonly runner: StreamRunner) {}

  async execute({ keyId }: RecordApiKeyUseCommand): Promise<void> {
    await this.runner.run(apiKeyDecider, apiKeyStream(keyId), {
      type: 'RecordApiKeyUse',
      now: this.runner.now(),
    });
  }
}

export const apiKeyCommandHandlers = [CreateApiKeyHandler, RevokeApiKeyHandler, RecordApiKeyUseHandler];
