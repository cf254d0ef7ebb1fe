import { Controller, Inject, UseGuards } from '@nestjs/common';
import { contract, type SummaryTemplate as SummaryTemplateView } from '@scrivo/contracts';
import type { Ids } from '@scrivo/domain';
import {
  BUILT_IN_TEMPLATES,
  type SummaryTemplate,
  type SummaryTemplates,
  summaryTemplatesDecider,
  summaryTemplatesStream,
} from '@scrivo/domain/summaries';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { UserOrApiKeyGuard } from '../../api-keys/support/user-or-api-key.guard';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { CurrentUser } from '../../common/auth/guards';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS } from '../../infrastructure/tokens';

const s = contract.summaries;

const view = (template: SummaryTemplate, builtIn: boolean): SummaryTemplateView => ({
  id: template.id,
  name: template.name,
  instructions: template.instructions,
  sections: { ...template.sections },
  builtIn,
});

const listed = (state: SummaryTemplates) => ({
  templates: [...BUILT_IN_TEMPLATES.map((t) => view(t, true)), ...state.own.map((t) => view(t, false))],
});

/** The account's summary templates (session or API key): the route builds the command, the runner decides. */
@Controller()
@UseGuards(UserOrApiKeyGuard)
export class SummaryTemplatesController {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  private async save(
    user: AuthenticatedUser,
    type: 'AddSummaryTemplate' | 'ChangeSummaryTemplate',
    template: SummaryTemplate,
  ): Promise<SummaryTemplateView> {
    const { state } = await this.runner.run(
      summaryTemplatesDecider,
      summaryTemplatesStream(user.id),
      { type, userId: user.id, template, now: this.runner.now() },
      { actor: { kind: 'user', id: user.id } },
    );
    const saved = state.own.find((t) => t.id === template.id) ?? template;
    return view(saved, false);
  }

  @TsRestHandler(s.templates)
  templates(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.templates, async () => ({
      status: 200 as const,
      body: listed(await this.runner.state(summaryTemplatesDecider, summaryTemplatesStream(user.id))),
    }));
  }

  @TsRestHandler(s.createTemplate)
  createTemplate(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.createTemplate, async ({ body }) => ({
      status: 201 as const,
      body: await this.save(user, 'AddSummaryTemplate', { id: this.ids.next(), ...body }),
    }));
  }

  @TsRestHandler(s.changeTemplate)
  changeTemplate(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.changeTemplate, async ({ params, body }) => ({
      status: 200 as const,
      body: await this.save(user, 'ChangeSummaryTemplate', { id: params.templateId, ...body }),
    }));
  }

  @TsRestHandler(s.removeTemplate)
  removeTemplate(@CurrentUser() user: AuthenticatedUser) {
    return tsRestHandler(s.removeTemplate, async ({ params }) => {
      await this.runner.run(
        summaryTemplatesDecider,
        summaryTemplatesStream(user.id),
        {
          type: 'RemoveSummaryTemplate',
          userId: user.id,
          templateId: params.templateId,
          now: this.runner.now(),
        },
        { actor: { kind: 'user', id: user.id } },
      );
      return { status: 204 as const, body: undefined };
    });
  }
}
