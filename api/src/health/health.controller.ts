import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { GetHealthQuery } from './get-health.query';

@Controller()
export class HealthController {
  constructor(private readonly queries: QueryBus) {}

  @TsRestHandler(contract.health.health)
  health() {
    return tsRestHandler(contract.health.health, async () => {
      const body = await this.queries.execute(new GetHealthQuery());
      return body.status === 'ok' ? { status: 200 as const, body } : { status: 503 as const, body };
    });
  }
}
