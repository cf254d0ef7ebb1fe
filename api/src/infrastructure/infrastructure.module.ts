import { type DynamicModule, Global, Module } from '@nestjs/common';
import { systemClock } from '@scrivo/adapters/system/system-clock';
import { uuidIds } from '@scrivo/adapters/system/uuid-ids';
import { UpcasterRegistry } from '@scrivo/domain';
import { EmailStreamNames } from '@scrivo/domain/accounts';
import { CRASH_POINTS, crashPointsFrom } from '../common/crash-points';
import { ROOT_LOGGER, type RootLogger } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { Adapters } from './adapters.factory';
import { Projections } from './projection-registry';
import { StreamRunner } from './stream-runner';
import {
  BACKGROUND_STREAM_RUNNER,
  BLOB_STORE,
  CLOCK,
  EVENT_STORE,
  IDS,
  RATE_LIMITS,
  KEY_STORE,
  READ_MODELS,
  UPCASTERS,
} from './tokens';

export const ADAPTERS = Symbol('Adapters');

/** Provides the ports (with the adapters chosen by configuration) to every feature module. */
@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: AppConfig, adapters: Adapters, logger: RootLogger): DynamicModule {
    const upcasters = new UpcasterRegistry();
    return {
      module: InfrastructureModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: ROOT_LOGGER, useValue: logger },
        { provide: ADAPTERS, useValue: adapters },
        { provide: EVENT_STORE, useValue: adapters.events },
        { provide: READ_MODELS, useValue: adapters.readModels },
        { provide: BLOB_STORE, useValue: adapters.blobs },
        { provide: RATE_LIMITS, useValue: adapters.rateLimits },
        { provide: KEY_STORE, useValue: adapters.keys },
        { provide: EmailStreamNames, useValue: adapters.emailStreams },
        { provide: CLOCK, useValue: systemClock },
        { provide: IDS, useValue: uuidIds },
        { provide: UPCASTERS, useValue: upcasters },
        { provide: CRASH_POINTS, useValue: crashPointsFrom(process.env) },
        Projections,
        {
          provide: StreamRunner,
          inject: [Projections],
          useFactory: (projections: Projections) =>
            new StreamRunner({
              store: adapters.events,
              clock: systemClock,
              ids: uuidIds,
              upcasters,
              settle: (position) => projections.waitFor(position),
            }),
        },
        {
          provide: BACKGROUND_STREAM_RUNNER,
          useValue: new StreamRunner({ store: adapters.events, clock: systemClock, ids: uuidIds, upcasters }),
        },
      ],
      exports: [
        APP_CONFIG,
        ROOT_LOGGER,
        ADAPTERS,
        EVENT_STORE,
        READ_MODELS,
        BLOB_STORE,
        RATE_LIMITS,
        KEY_STORE,
        EmailStreamNames,
        CLOCK,
        IDS,
        UPCASTERS,
        CRASH_POINTS,
        Projections,
        StreamRunner,
        BACKGROUND_STREAM_RUNNER,
      ],
    };
  }
}
