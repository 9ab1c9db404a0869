import { Secret, TOTP } from 'otpauth';
import { setTimeout as sleep } from 'node:timers/promises';

const STEP_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / STEP_MS);

/**
 * An authenticator app for tests: the same RFC 6238 codes as a phone makes from the secret the API
 * gave, generated with the library the API checks them with. The API takes each time step once and
 * accepts the step before and after its own, so `fresh()` gives the code of the first step not used
 * yet: the current one, else the next; only when both are spent does it wait for the clock.
 */
export class Authenticator {
  private lastStep = -Infinity;
  private readonly totp: TOTP;

  constructor(readonly secret: string) {
    this.totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  }

  /** The code of a step `offset` steps from now (-1: the previous one), without spending it here. */
  codeAt(offset = 0): string {
    return this.totp.generate({ timestamp: (currentStep() + offset) * STEP_MS });
  }

  /** A code the API has not taken yet; it is spent once sent. */
  async fresh(): Promise<string> {
    const now = currentStep();
    const step = Math.max(this.lastStep + 1, now);
    if (step > now + 1) await sleep((step - 1) * STEP_MS - Date.now() + 100);
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * STEP_MS });
  }

  /** The code `fresh()` gave last (the API took it): what a replay sends, whatever the clock did since. */
  lastSpentCode(): string {
    if (this.lastStep === -Infinity) throw new Error('No code was spent yet');
    return this.totp.generate({ timestamp: this.lastStep * STEP_MS });
  }

  /** Records that a code of `offset` steps from now was taken (by a test sending `codeAt`). */
  spent(offset = 0): void {
    this.lastStep = Math.max(this.lastStep, currentStep() + offset);
  }

  /** A six-digit code that is none of the codes the API would accept now. */
  wrongCode(): string {
    const valid = new Set([-1, 0, 1].map((offset) => this.codeAt(offset)));
    let code = 0;
    while (valid.has(String(code).padStart(6, '0'))) code += 1;
    return String(code).padStart(6, '0');
  }
}
