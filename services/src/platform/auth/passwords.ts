import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@acpg/contracts/identity';
import { tooManyRequests } from '../http/errors.ts';

/** scrypt parameters (DECISIONS.md): N = 2^17, r = 8, p = 1, so one hash takes 128 MiB. */
export interface ScryptParams {
  /** log2 of N. */
  ln: number;
  r: number;
  p: number;
}
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { ln: 17, r: 8, p: 1 };
const MAXMEM = 256 * 1024 * 1024;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Refuse to verify stored hashes asking for more work than this (a tampered store must not stall the process).
const MAX_LN = 20;

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

/**
 * Who asks for a hash. `anonymous`: a caller not signed in (sign-in, sign-up, reset), which gets a bounded share of the
 * queue; `signed-in`: a caller with a session (password or PIN change), which keeps the rest and goes first.
 */
export type HashLane = 'anonymous' | 'signed-in';

/**
 * Counting semaphore with bounded queues in two lanes: a sign-in burst waits its turn instead of allocating 128 MiB per
 * request, and anonymous work can never hold more than `maxAnonymous` places (running or waiting), so a flood of
 * unauthenticated hashes cannot starve a signed-in one. A freed slot goes to a signed-in waiter first.
 */
export class Semaphore {
  readonly #limit: number;
  readonly #maxQueue: number;
  readonly #maxAnonymous: number;
  #active = 0;
  #anonymous = 0;
  readonly #queues: Record<HashLane, (() => void)[]> = { 'signed-in': [], anonymous: [] };
  constructor(limit: number, maxQueue = Number.POSITIVE_INFINITY, maxAnonymous = Number.POSITIVE_INFINITY) {
    this.#limit = limit;
    this.#maxQueue = maxQueue;
    this.#maxAnonymous = maxAnonymous;
  }
  get active() {
    return this.#active;
  }
  get waiting() {
    return this.#queues['signed-in'].length + this.#queues.anonymous.length;
  }
  /** Anonymous tasks running or waiting. */
  get anonymous() {
    return this.#anonymous;
  }
  /** Places the anonymous lane may hold (running or waiting). */
  get maxAnonymous() {
    return this.#maxAnonymous;
  }
  async run<T>(work: () => Promise<T>, lane: HashLane = 'signed-in'): Promise<T> {
    if (lane === 'anonymous' && this.#anonymous >= this.#maxAnonymous) throw tooManyRequests('The server is busy. Try again in a moment.', 1);
    if (this.#active >= this.#limit && this.waiting >= this.#maxQueue) throw tooManyRequests('The server is busy. Try again in a moment.', 1);
    if (lane === 'anonymous') this.#anonymous++;
    try {
      if (this.#active >= this.#limit) await new Promise<void>((resolve) => this.#queues[lane].push(resolve));
      else this.#active++;
      try {
        return await work();
      } finally {
        const next = this.#queues['signed-in'].shift() ?? this.#queues.anonymous.shift();
        // The slot passes straight to the next waiter, so `active` stays the same.
        if (next) next();
        else this.#active--;
      }
    } finally {
      if (lane === 'anonymous') this.#anonymous--;
    }
  }
}

let commonPasswords: Set<string> | undefined;
const isCommon = (password: string) => {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
};

/** Unicode normalisation before length checks and hashing, so the same password typed on two keyboards matches. */
const normalise = (password: string) => password.normalize('NFKC');

/** Why a new password is refused, in words for the user; null when it is acceptable. */
export const passwordProblem = (password: string): string | null => {
  const length = [...normalise(password)].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (isCommon(normalise(password))) return 'This password is too common. Choose one that is harder to guess.';
  return null;
};

export interface PasswordHasher {
  /**
   * Encoded as `$scrypt$ln=17,r=8,p=1$<salt base64>$<key base64>` (PHC string format). `lane`: `anonymous` for a caller
   * without a session (the default), `signed-in` for one with a session (see `Semaphore`).
   */
  hash(password: string, lane?: HashLane): Promise<string>;
  /** Constant-time comparison; false (never a throw) for a malformed encoded hash. */
  verify(password: string, encoded: string, lane?: HashLane): Promise<boolean>;
  /** Same cost as a real verification, for an unknown account, so timing does not tell whether an email exists. */
  verifyDummy(password: string): Promise<false>;
  /** True when the encoded hash uses other parameters than the current ones (rehash after a successful sign-in). */
  needsRehash(encoded: string): boolean;
  /** The queue the hashes run in (how full each lane is; a test holds places in it). */
  readonly queue: Semaphore;
}

export interface PasswordHasherOptions {
  params?: ScryptParams;
  /** Hashes running at once (each takes 128 * N * r bytes). Default 2. */
  concurrency?: number;
  /** Callers waiting beyond this many get a 429 instead of queueing. Default 200. */
  maxQueue?: number;
  /** Anonymous callers (running or waiting) beyond this many get a 429: the rest is kept for signed-in ones. Default 150. */
  maxAnonymous?: number;
}

interface Decoded {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const encode = ({ params, salt, key }: Decoded) =>
  `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;

const decode = (encoded: string): Decoded | null => {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/.exec(encoded);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  const params = { ln: Number(ln), r: Number(r), p: Number(p) };
  if (params.ln < 1 || params.ln > MAX_LN || params.r < 1 || params.p < 1) return null;
  return { params, salt: Buffer.from(salt ?? '', 'base64'), key: Buffer.from(key ?? '', 'base64') };
};

const derive = (password: string, salt: Buffer, params: ScryptParams, keylen: number) =>
  scrypt(normalise(password), salt, keylen, { N: 2 ** params.ln, r: params.r, p: params.p, maxmem: MAXMEM });

export const createPasswordHasher = (options: PasswordHasherOptions = {}): PasswordHasher => {
  const params = options.params ?? DEFAULT_SCRYPT_PARAMS;
  const limiter = new Semaphore(options.concurrency ?? 2, options.maxQueue ?? 200, options.maxAnonymous ?? 150);

  const hash = (password: string, lane: HashLane = 'anonymous') =>
    limiter.run(async () => {
      const salt = randomBytes(SALT_LENGTH);
      const key = await derive(password, salt, params, KEY_LENGTH);
      return encode({ params, salt, key });
    }, lane);

  const verify = async (password: string, encoded: string, lane: HashLane = 'anonymous') => {
    const decoded = decode(encoded);
    if (!decoded || decoded.key.length === 0) return false;
    const key = await limiter.run(() => derive(password, decoded.salt, decoded.params, decoded.key.length), lane);
    return timingSafeEqual(key, decoded.key);
  };

  // Made now, not at the first unknown email: that sign-in would otherwise cost two hashes and stand out by its time.
  // Not awaited here (creating a hasher must not block the start); verifyDummy awaits this same promise.
  const dummy = hash('dummy password for unknown accounts');
  dummy.catch(() => undefined); // a failure surfaces in verifyDummy, not as an unhandled rejection

  return {
    queue: limiter,
    hash,
    verify,
    async verifyDummy(password) {
      await verify(password, await dummy);
      return false;
    },
    needsRehash(encoded) {
      const decoded = decode(encoded);
      return !decoded || decoded.params.ln !== params.ln || decoded.params.r !== params.r || decoded.params.p !== params.p;
    },
  };
};
