import { Controller, UseGuards } from '@nestjs/common';
import { contract, type Vocabulary as VocabularyView } from '@scrivo/contracts';
import { type Vocabulary, vocabularyDecider, vocabularyStream } from '@scrivo/domain/vocabulary';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { StreamRunner } from '../infrastructure/stream-runner';

const v = contract.vocabulary;

const view = (state: Vocabulary): VocabularyView => ({ terms: [...state.terms] });

/** The account's glossary (session or API key): the route builds the command, the runner decides on its stream. */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class VocabularyController {
  constructor(private readonly runner: StreamRunner) {}

  @TsRestHandler(v.get)
  get(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(v.get, async () => ({
      status: 200 as const,
      body: view(await this.runner.state(vocabularyDecider, vocabularyStream(user.id))),
    }));
  }

  @TsRestHandler(v.set)
  set(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(v.set, async ({ body }) => {
      const { state } = await this.runner.run(
        vocabularyDecider,
        vocabularyStream(user.id),
        { type: 'SetVocabulary', userId: user.id, terms: body.terms, now: this.runner.now() },
        { actor: { kind: 'user', id: user.id } },
      );
      return { status: 200 as const, body: view(state) };
    });
  }
}
