import { Module } from '@nestjs/common';
import { GetHealthHandler } from './get-health.query';
import { HealthController } from './health.controller';

@Module({ controllers: [HealthController], providers: [GetHealthHandler] })
export class HealthModule {}
