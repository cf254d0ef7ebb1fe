import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { UpsertAdminCommand } from './commands/admin.commands';

/** SCRIVO_ADMIN_EMAIL + SCRIVO_ADMIN_PASSWORD create the admin at start-up, or reset its password to this one. */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { SCRIVO_ADMIN_EMAIL: email, SCRIVO_ADMIN_PASSWORD: password } = this.config;
    if (!email || !password) return;
    const { created } = await this.commands.execute(new UpsertAdminCommand(email, password, 'environment'));
    this.logger.info(
      { admin: email, created },
      created ? 'admin created from environment' : 'admin from environment is up to date',
    );
  }
}
