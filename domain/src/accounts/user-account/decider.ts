import type { Decider } from '../../kernel/decider';
import type { UserEvent } from '../events';
import { recordSubscriptionPaid, recordSubscriptionPaymentFailed, syncSubscription } from './billing';
import type { UserAccountCommand } from './commands';
import { completeAccountErasure, requestAccountErasure } from './erasure';
import { grantMinutes, reactivateUser, setPlanByAdmin, suspendUser } from './operator';
import { changePassword, requestPasswordReset, resetPassword } from './password';
import { choosePlan } from './plan-choice';
import { changePlan, updateProfile } from './profile';
import { registerUser, verifyUserEmail } from './registration';
import { recordPasswordSignIn, signInWithGoogle } from './sign-in';
import { evolve, initialState, liveAccount, type UserAccountState } from './state';

/** One pure function per command (Emmett's shape); this only picks it. */
const decide = (command: UserAccountCommand, state: UserAccountState): UserEvent[] => {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'CompleteAccountErasure':
      return completeAccountErasure(command, state);
    case 'VerifyUserEmail':
      return verifyUserEmail(command, liveAccount(state));
    case 'RecordPasswordSignIn':
      return recordPasswordSignIn(command, liveAccount(state));
    case 'SignInWithGoogle':
      return signInWithGoogle(command, liveAccount(state));
    case 'RequestPasswordReset':
      return requestPasswordReset(command, liveAccount(state));
    case 'ResetPassword':
      return resetPassword(command, liveAccount(state));
    case 'ChangePassword':
      return changePassword(command, liveAccount(state));
    case 'RequestAccountErasure':
      return requestAccountErasure(command, liveAccount(state));
    case 'UpdateProfile':
      return updateProfile(command, liveAccount(state));
    case 'ChangePlan':
      return changePlan(command, liveAccount(state));
    case 'ChoosePlan':
      return choosePlan(command, liveAccount(state));
    case 'SetPlanByAdmin':
      return setPlanByAdmin(command, liveAccount(state));
    case 'GrantMinutes':
      return grantMinutes(command, liveAccount(state));
    case 'SuspendUser':
      return suspendUser(command, liveAccount(state));
    case 'ReactivateUser':
      return reactivateUser(command, liveAccount(state));
    case 'SyncSubscription':
      return syncSubscription(command, liveAccount(state));
    case 'RecordSubscriptionPaid':
      return recordSubscriptionPaid(command, liveAccount(state));
    case 'RecordSubscriptionPaymentFailed':
      return recordSubscriptionPaymentFailed(command, liveAccount(state));
  }
};

export const userAccountDecider: Decider<UserAccountCommand, UserEvent, UserAccountState> = {
  initialState,
  decide,
  evolve,
};
