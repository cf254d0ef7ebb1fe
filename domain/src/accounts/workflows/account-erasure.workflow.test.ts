import { describe, it } from 'vitest';
import { ERASED_TEXT } from '../../ports/key-store';
import { WorkflowSpecification } from '../../testing';
import type { AccountErasureRequested } from '../events';
import { at, registered, registeredWith } from '../user-account/decider.fixtures';
import { accountErasureWorkflow } from './account-erasure.workflow';

const spec = WorkflowSpecification.for(accountErasureWorkflow);
const asked: AccountErasureRequested = {
  type: 'AccountErasureRequested',
  data: { userId: 'u1', by: { kind: 'user', id: 'u1' }, requestedAt: at },
};

describe('account erasure: what erasing an account takes, in order', () => {
  it('erases what the account held, gives its address up, records the erasure, and erases the keys last', () =>
    spec
      .given([registered])
      .when(asked)
      .then([
        { type: 'EndSessions', userId: 'u1' },
        { type: 'EraseWebhooks', userId: 'u1' },
        { type: 'LeaveWorkspaces', userId: 'u1' },
        { type: 'EraseRecordings', userId: 'u1' },
        { type: 'EraseDataExports', userId: 'u1' },
        { type: 'EraseSupportChats', userId: 'u1' },
        { type: 'GiveUpAddress', userId: 'u1', email: 'ada@example.com' },
        { type: 'CompleteErasure', userId: 'u1' },
        { type: 'ShredLeftovers', userId: 'u1', email: 'ada@example.com' },
        { type: 'EraseAddressKey', email: 'ada@example.com' },
        { type: 'ErasePersonKey', userId: 'u1' },
      ]));

  it('a repeat after the person’s key is gone finds the address unreadable and leaves it alone', () =>
    spec
      .given([registeredWith({ email: ERASED_TEXT })])
      .when(asked)
      .then([
        { type: 'EndSessions', userId: 'u1' },
        { type: 'EraseWebhooks', userId: 'u1' },
        { type: 'LeaveWorkspaces', userId: 'u1' },
        { type: 'EraseRecordings', userId: 'u1' },
        { type: 'EraseDataExports', userId: 'u1' },
        { type: 'EraseSupportChats', userId: 'u1' },
        { type: 'CompleteErasure', userId: 'u1' },
        { type: 'ShredLeftovers', userId: 'u1', email: null },
        { type: 'ErasePersonKey', userId: 'u1' },
      ]));
});
