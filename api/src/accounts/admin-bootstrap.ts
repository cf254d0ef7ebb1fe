import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ConcurrencyError, DomainError } from '@scrivo/domain';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { onlyReadModelsBehind } from '../infrastructure/projection-registry';
import { UpsertAdminCommand } from './commands/admin.commands';

/**
 * What another process starting at the same moment with the same SCRIVO_ADMIN_EMAIL causes: it claimed the
 * address or created the admin between our read and our write. Deciding again sees its admin and updates it.
 */
const lostRace = (error: unknown) =>
  error instanceof ConcurrencyError ||
  (error instanceof DomainError && (error.code === 'ADMIN_EXISTS' || error.code === 'EMAIL_TAKEN'));

const ATTEMPTS = 5;

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
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { created } = await this.commands.execute(
          new UpsertAdminCommand(email, password, 'environment'),
        );
        this.logger.info(
          { admin: email, created },
          created ? 'admin created from environment' : 'admin from environment is up to date',
        );
        return;
      } catch (error) {
        if (onlyReadModelsBehind(error)) {
          this.logger.warn(
            { admin: email },
            'admin from environment saved; the read models will show it once the projector catches up',
          );
          return;
        }
        if (!lostRace(error) || attempt >= ATTEMPTS) throw error;
        // A few random milliseconds, so two processes that collided do not collide again in lockstep.
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
      }
    }
  }
}
