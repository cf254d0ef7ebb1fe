import { Inject, Injectable } from '@nestjs/common';
import type { ReadModelStore } from '@scrivo/domain';
import { ERASED_ACCOUNTS, type ErasedAccountDoc } from '@scrivo/domain/accounts';
import { READ_MODELS } from '../infrastructure/tokens';

/** The erasures staff may see: when and by whom, never what the account held. */
@Injectable()
export class ErasedAccounts {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  /** The newest first, at most 500. */
  latest(): Promise<ErasedAccountDoc[]> {
    return this.readModels
      .collection<ErasedAccountDoc>(ERASED_ACCOUNTS)
      .find({}, { sort: [{ field: 'requestedAt', direction: 'desc' }], limit: 500 });
  }
}
