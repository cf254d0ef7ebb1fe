import { Inject, Injectable } from '@nestjs/common';
import type { ReadModelStore } from '@scrivo/domain';
import {
  ADMINS,
  type AdminDoc,
  AUDITORS,
  type AuditorDoc,
  INVITATIONS,
  type InvitationDoc,
} from '@scrivo/domain/accounts';
import { READ_MODELS } from '../../infrastructure/tokens';

/** The read side of staff accounts and invitations, for the routes that show them. */
@Injectable()
export class StaffDirectory {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  admin(adminId: string): Promise<AdminDoc | null> {
    return this.readModels.collection<AdminDoc>(ADMINS).get(adminId);
  }

  auditor(auditorId: string): Promise<AuditorDoc | null> {
    return this.readModels.collection<AuditorDoc>(AUDITORS).get(auditorId);
  }

  auditors(): Promise<AuditorDoc[]> {
    return this.readModels
      .collection<AuditorDoc>(AUDITORS)
      .find({}, { sort: [{ field: 'email', direction: 'asc' }] });
  }

  /** The newest first, at most 200. */
  invitations(): Promise<InvitationDoc[]> {
    return this.readModels
      .collection<InvitationDoc>(INVITATIONS)
      .find({}, { sort: [{ field: 'invitedAt', direction: 'desc' }], limit: 200 });
  }
}
