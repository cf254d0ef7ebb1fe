import type { ReadModelStore } from '@scrivo/domain';
import { USERS, type UserDoc } from '@scrivo/domain/accounts';

/**
 * How a comment's author or a transcript's last editor is named to the people who share the recording: by the name
 * their account has now (never stored beside what they wrote, so an erased account leaves no name behind), else
 * their address, and "Former user" once the account is gone.
 */
export const personName = async (readModels: ReadModelStore, userId: string): Promise<string> => {
  const user = await readModels.collection<UserDoc>(USERS).get(userId);
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '';
  return name || 'Former user';
};
