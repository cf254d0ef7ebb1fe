import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataExport } from '@scrivo/contracts';
import type { Ids, ReadModelStore } from '@scrivo/domain';
import {
  DATA_EXPORTS,
  type DataExportDoc,
  dataExportDecider,
  dataExportStream,
} from '@scrivo/domain/privacy';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS, READ_MODELS } from '../../infrastructure/tokens';
import { ownDataExport, toDataExport } from './data-export.queries';

/** Download my data: ask for an archive of everything the account holds. Answers the new archive. */
export class RequestDataExportCommand extends Command<DataExport> {
  constructor(readonly userId: string) {
    super();
  }
}

@CommandHandler(RequestDataExportCommand)
export class RequestDataExportHandler implements ICommandHandler<RequestDataExportCommand> {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async execute({ userId }: RequestDataExportCommand): Promise<DataExport> {
    const othersBuilding = await this.readModels
      .collection<DataExportDoc>(DATA_EXPORTS)
      .count({ userId, status: 'building' });
    const exportId = this.ids.next();
    await this.runner.run(
      dataExportDecider,
      dataExportStream(exportId),
      { type: 'RequestDataExport', exportId, userId, othersBuilding, at: this.runner.now() },
      { actor: { kind: 'user', id: userId } },
    );
    return toDataExport(await ownDataExport(this.readModels, userId, exportId), new Date(this.runner.now()));
  }
}
