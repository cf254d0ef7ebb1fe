import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ConcurrencyError, DomainError } from '@scrivo/domain';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { onlyReadModelsBehind } from '../infrastructure/projection-registry';
import { UpsertAuditorCommand } from './commands/auditor.commands';

/** Another process starting at the same moment with the same address claimed it first: deciding again sees it. */
const lostRace = (error: unknown) =>
  error instanceof ConcurrencyError ||
  (error instanceof DomainError && (error.code === 'AUDITOR_EXISTS' || error.code === 'EMAIL_TAKEN'));

const ATTEMPTS = 5;

/** SCRIVO_AUDITOR_EMAIL + SCRIVO_AUDITOR_PASSWORD create the auditor at start-up, or reset its password. */
@Injectable()
export class AuditorBootstrap implements OnApplicationBootstrap {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { SCRIVO_AUDITOR_EMAIL: email, SCRIVO_AUDITOR_PASSWORD: password } = this.config;
    if (!email || !password) return;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { created } = await this.commands.execute(
          new UpsertAuditorCommand(email, password, { kind: 'environment' }),
        );
        this.logger.info(
          { auditor: email, created },
          created ? 'auditor created from environment' : 'auditor from environment is up to date',
        );
        return;
      } catch (error) {
        if (onlyReadModelsBehind(error)) {
          this.logger.warn(
            { auditor: email },
            'auditor from environment saved; the read models will show it once the projector catches up',
          );
          return;
        }
        if (!lostRace(error) || attempt >= ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
      }
    }
  }
}
