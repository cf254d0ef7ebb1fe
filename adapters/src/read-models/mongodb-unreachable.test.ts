import { ReadModelsUnavailableError } from '@scrivo/domain';
import { MongoNetworkError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isUnreachable, unreachableAsUnavailable } from './mongodb-unreachable';

const socketError = (code: string) => Object.assign(new Error(`write ${code}`), { code, syscall: 'write' });

describe('which MongoDB failures mean the server cannot be reached', () => {
  it("takes the driver's network errors and Node's own socket errors for an unreachable server", () => {
    expect(isUnreachable(new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed'))).toBe(true);
    expect(isUnreachable(socketError('ECONNRESET'))).toBe(true);
    expect(isUnreachable(socketError('EPIPE'))).toBe(true);
  });

  it('leaves every other error as it is', () => {
    expect(isUnreachable(new Error('E11000 duplicate key'))).toBe(false);
    expect(isUnreachable(socketError('ENOENT'))).toBe(false);
    expect(() => unreachableAsUnavailable(new TypeError('bad filter'))).toThrow(TypeError);
    expect(() => unreachableAsUnavailable(socketError('ECONNRESET'))).toThrow(ReadModelsUnavailableError);
  });
});
