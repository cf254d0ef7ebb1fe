/** Injection tokens for the domain ports; the adapters behind them are chosen by configuration. */
export const EVENT_STORE = Symbol('EventStore');
export const READ_MODELS = Symbol('ReadModelStore');
export const BLOB_STORE = Symbol('BlobStore');
export const CLOCK = Symbol('Clock');
export const IDS = Symbol('Ids');
export const UPCASTERS = Symbol('UpcasterRegistry');
export const RATE_LIMITS = Symbol('RateLimitStore');
/**
 * A StreamRunner for work no request waits on (reactors, timers): it never waits for the read models, which
 * would mean a reactor waiting for itself.
 */
export const BACKGROUND_STREAM_RUNNER = Symbol('BackgroundStreamRunner');
/** Per-person keys of crypto-shredding (domain/src/ports/key-store.ts). */
export const KEY_STORE = Symbol('KeyStore');
