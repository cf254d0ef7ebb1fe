export interface Ids {
  /** A new globally unique id (UUID v4 or v7). */
  next(): string;
}

/** Predictable ids for tests: prefix-1, prefix-2, ... */
export class SequentialIds implements Ids {
  private counter = 0;
  constructor(private readonly prefix = 'id') {}
  next(): string {
    this.counter += 1;
    return `${this.prefix}-${this.counter}`;
  }
}
