import {
  personalRetentionContract,
  privacyContract,
  type RetentionPolicy,
  workspacesContract,
} from '@scrivo/contracts';
import { clientFor, ok } from '../../../lib/client-for';

const privacyApi = clientFor(privacyContract);
const workspacesApi = clientFor(workspacesContract);
const retentionApi = clientFor(personalRetentionContract);

export const accountSessionsQueryKey = ['account', 'sessions'] as const;

/** The account page's security calls: password and sessions. */
export const securityApi = {
  changePassword: (currentPassword: string, newPassword: string) =>
    ok(privacyApi.changePassword({ body: { currentPassword, newPassword } })),
  sessions: async () => (await ok(privacyApi.listSessions())).sessions,
  revoke: (id: string) => ok(privacyApi.revokeSession({ params: { id } })),
  revokeOthers: () => ok(privacyApi.revokeOtherSessions()),
};

/** Delete my account, confirmed by the password or by a code emailed to the owner. */
export const deleteAccount = (proof: { password: string } | { code: string }) =>
  ok(privacyApi.deleteAccount({ body: proof }));

/** The workspaces the account owns: deleted with it unless handed over first (the deletion warns of them). */
export const ownedWorkspaces = async () =>
  (await ok(workspacesApi.list())).workspaces.filter((w) => w.role === 'owner');

/** Emails the code that confirms Delete my account (accounts made through Google have no password). */
export const sendDeletionCode = () => ok(privacyApi.sendDeletionCode());

export const dataExportsQueryKey = ['account', 'exports'] as const;

/** Download my data: ask for an archive, follow it. */
export const exportsApi = {
  list: async () => (await ok(privacyApi.listDataExports())).items,
  request: () => ok(privacyApi.requestDataExport()),
};

export const personalRetentionQueryKey = ['account', 'retention'] as const;

/** How long the recordings of one's own space are kept after upload (null: until deleted). */
export const personalRetentionApi = {
  get: async () => (await ok(retentionApi.get())).policy,
  set: async (policy: RetentionPolicy | null) => (await ok(retentionApi.set({ body: { policy } }))).policy,
};
