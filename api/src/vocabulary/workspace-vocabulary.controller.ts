import { Controller, UseGuards } from '@nestjs/common';
import { contract, type Vocabulary as VocabularyView } from '@scrivo/contracts';
import {
  type Vocabulary,
  vocabularyDecider,
  vocabularyStream,
  workspaceGlossaryOwner,
} from '@scrivo/domain/vocabulary';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { StreamRunner } from '../infrastructure/stream-runner';
import { WorkspaceMembership } from '../workspaces/support/workspace-membership';

const w = contract.workspaces;

const view = (state: Vocabulary): VocabularyView => ({ terms: [...state.terms] });

/**
 * A workspace's glossary (session or API key): its members read it, members and up replace it; every recording
 * uploaded into the workspace is transcribed with it (recordings/support/owner-vocabulary.ts).
 */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class WorkspaceVocabularyController {
  constructor(
    private readonly runner: StreamRunner,
    private readonly membership: WorkspaceMembership,
  ) {}

  @TsRestHandler(w.vocabulary)
  get(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.vocabulary, async ({ params: { workspaceId } }) => {
      await this.membership.require(user.id, workspaceId, 'read');
      const stream = vocabularyStream(workspaceGlossaryOwner(workspaceId));
      return { status: 200 as const, body: view(await this.runner.state(vocabularyDecider, stream)) };
    });
  }

  @TsRestHandler(w.setVocabulary)
  set(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.setVocabulary, async ({ params: { workspaceId }, body }) => {
      await this.membership.require(user.id, workspaceId, 'edit');
      const owner = workspaceGlossaryOwner(workspaceId);
      const { state } = await this.runner.run(
        vocabularyDecider,
        vocabularyStream(owner),
        { type: 'SetVocabulary', userId: owner, terms: body.terms, now: this.runner.now() },
        { actor: { kind: 'user', id: user.id } },
      );
      return { status: 200 as const, body: view(state) };
    });
  }
}
