import { NotFoundError } from '@scrivo/domain';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Translation, TranslationOptions } from '@scrivo/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { RecordingAccess } from '../../recordings/support/recording-access';
import { TranslationAccess } from '../support/translation-access';

export class ListTranslationsQuery extends Query<TranslationOptions> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
  ) {
    super();
  }
}

@QueryHandler(ListTranslationsQuery)
export class ListTranslationsHandler implements IQueryHandler<ListTranslationsQuery> {
  constructor(
    private readonly recordings: RecordingAccess,
    private readonly translations: TranslationAccess,
  ) {}

  async execute({ user, recordingId }: ListTranslationsQuery): Promise<TranslationOptions> {
    const recording = await this.recordings.owned(user, recordingId, 'read');
    return this.translations.options(await this.recordings.payer(user, recording), recording);
  }
}

export class GetTranslationQuery extends Query<Translation> {
  constructor(
    readonly user: AuthenticatedUser,
    readonly recordingId: string,
    readonly target: string,
  ) {
    super();
  }
}

@QueryHandler(GetTranslationQuery)
export class GetTranslationHandler implements IQueryHandler<GetTranslationQuery> {
  constructor(
    private readonly recordings: RecordingAccess,
    private readonly translations: TranslationAccess,
  ) {}

  async execute({ user, recordingId, target }: GetTranslationQuery): Promise<Translation> {
    await this.recordings.owned(user, recordingId, 'read');
    const translation = await this.translations.one(recordingId, target);
    if (!translation) throw new NotFoundError('Translation', target);
    return translation;
  }
}

export const translationQueryHandlers = [ListTranslationsHandler, GetTranslationHandler];
