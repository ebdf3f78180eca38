/**
 * The server's one source of "now". Every route and job reads time from the app's clock (never
 * `new Date()` directly), so tests move time instead of sleeping, and the mock exam's deadline,
 * session expiry and Manila days are all measured against the same instant within a request.
 */
export interface Clock {
  now(): Date;
  nowMs(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
};

/**
 * A clock tests set and advance. It starts at the real time (so ids, cookies and the identity
 * provider's own clock stay plausible) and only moves when told to.
 */
export class ManualClock implements Clock {
  private ms: number;

  constructor(start: Date | number = Date.now()) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  nowMs(): number {
    return this.ms;
  }

  set(at: Date | number): void {
    this.ms = typeof at === 'number' ? at : at.getTime();
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
