import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contract, type VoiceList } from '@scrivo/contracts';
import { voicesDecider, voicesStream, workspaceVoicesOwner } from '@scrivo/domain/voices';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { StreamRunner } from '../infrastructure/stream-runner';
import { WorkspaceMembership } from '../workspaces/support/workspace-membership';
import { ChangeVoiceCommand, RememberVoiceCommand } from './voices.commands';

const w = contract.workspaces;

/**
 * A workspace's remembered voices (session or API key), shaped as its glossary is: a resource of the workspace, so
 * the role that reads or changes it is the caller's there (members read, members and up change, outsiders 404).
 * They name the speakers of every recording in the workspace before the uploader's own voices do.
 */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class WorkspaceVoicesController {
  constructor(
    private readonly runner: StreamRunner,
    private readonly commands: CommandBus,
    private readonly membership: WorkspaceMembership,
  ) {}

  @TsRestHandler(w.voices)
  list(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.voices, async ({ params: { workspaceId } }) => {
      await this.membership.require(user.id, workspaceId, 'read');
      const stream = voicesStream(workspaceVoicesOwner(workspaceId));
      const { voices } = await this.runner.state(voicesDecider, stream);
      const body: VoiceList = {
        voices: voices.map((voice) => ({ id: voice.voiceId, name: voice.name, createdAt: voice.createdAt })),
      };
      return { status: 200 as const, body };
    });
  }

  @TsRestHandler(w.rememberVoice)
  remember(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.rememberVoice, async ({ params: { workspaceId }, body }) => ({
      status: 201 as const,
      body: await this.commands.execute(new RememberVoiceCommand(user, body, workspaceId)),
    }));
  }

  @TsRestHandler(w.renameVoice)
  rename(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.renameVoice, async ({ params: { workspaceId, voiceId }, body }) => {
      const change = { kind: 'rename' as const, voiceId, name: body.name };
      const voice = await this.commands.execute(new ChangeVoiceCommand(user, change, workspaceId));
      return { status: 200 as const, body: voice ?? { id: voiceId, name: body.name } };
    });
  }

  @TsRestHandler(w.forgetVoice)
  forget(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(w.forgetVoice, async ({ params: { workspaceId, voiceId } }) => {
      await this.commands.execute(new ChangeVoiceCommand(user, { kind: 'forget', voiceId }, workspaceId));
      return { status: 204 as const, body: undefined };
    });
  }
}
