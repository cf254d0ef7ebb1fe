export interface Clock {
  now(): Date;
}

/** A clock tests can move. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date('2026-01-01T00:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
  set(date: Date): void {
    this.current = new Date(date.getTime());
  }
}
