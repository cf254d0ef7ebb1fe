import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contract, type VoiceList } from '@scrivo/contracts';
import { voicesDecider, voicesStream } from '@scrivo/domain/voices';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../api-keys/support/user-or-api-key.guard';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import { CurrentUser } from '../common/auth/guards';
import { StreamRunner } from '../infrastructure/stream-runner';
import { ChangeVoiceCommand, RememberVoiceCommand } from './voices.commands';

const v = contract.voices;

/** The account's remembered voices (session or API key). Voice prints are never answered: only names. */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class VoicesController {
  constructor(
    private readonly runner: StreamRunner,
    private readonly commands: CommandBus,
  ) {}

  @TsRestHandler(v.list)
  list(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(v.list, async () => {
      const { voices } = await this.runner.state(voicesDecider, voicesStream(user.id));
      const body: VoiceList = {
        voices: voices.map((voice) => ({ id: voice.voiceId, name: voice.name, createdAt: voice.createdAt })),
      };
      return { status: 200 as const, body };
    });
  }

  @TsRestHandler(v.remember)
  remember(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(v.remember, async ({ body }) => ({
      status: 201 as const,
      body: await this.commands.execute(new RememberVoiceCommand(user, body)),
    }));
  }

  @TsRestHandler(v.rename)
  rename(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(v.rename, async ({ params, body }) => {
      const voice = await this.commands.execute(
        new ChangeVoiceCommand(user, { kind: 'rename', voiceId: params.voiceId, name: body.name }),
      );
      return { status: 200 as const, body: voice ?? { id: params.voiceId, name: body.name } };
    });
  }

  @TsRestHandler(v.forget)
  forget(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(v.forget, async ({ params }) => {
      await this.commands.execute(new ChangeVoiceCommand(user, { kind: 'forget', voiceId: params.voiceId }));
      return { status: 204 as const, body: undefined };
    });
  }
}
