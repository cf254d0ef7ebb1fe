import { Controller, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { contract } from '@scrivo/contracts';
import { TsRestHandler, tsRestHandler } from '@ts-rest/nest';
import { AdminGuard } from '../common/auth/guards';
import { ListAllWorkspacesQuery } from './queries/admin-workspaces.query';

/** The operators' console: every workspace with its owner and size. */
@Controller()
@UseGuards(AdminGuard)
export class AdminWorkspacesController {
  constructor(private readonly queries: QueryBus) {}

  @TsRestHandler(contract.workspaces.adminList)
  list() {
    return tsRestHandler(contract.workspaces.adminList, async () => ({
      status: 200 as const,
      body: await this.queries.execute(new ListAllWorkspacesQuery()),
    }));
  }
}
