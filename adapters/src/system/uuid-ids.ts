import { randomUUID } from 'node:crypto';
import type { Ids } from '@scrivo/domain';

export const uuidIds: Ids = { next: () => randomUUID() };
