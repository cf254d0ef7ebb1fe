// The few parts of oidc-provider (a local OpenID issuer for the Google sign-in test) that the test uses;
// the package ships no types and @types/oidc-provider lags behind version 9.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients?: Record<string, unknown>[];
    routes?: Record<string, string>;
    claims?: Record<string, string[]>;
    findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
