import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost: N = 2^logN, block size r, parallelism p. OWASP minimum: logN 17, r 8, p 1. */
export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const FORMAT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** params.logN,
    r: params.r,
    p: params.p,
    // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below OWASP's 2^17 · 8.
    maxmem: 256 * 2 ** params.logN * params.r,
  };
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * Memory-hard password hashes with Node's built-in scrypt (no native add-on). A hash carries its
 * parameters (`$scrypt$ln=17,r=8,p=1$<salt>$<key>`), so raising the cost keeps old hashes valid.
 */
export class PasswordHasher {
  private dummyHash?: Promise<string>;

  constructor(private readonly params: ScryptParams) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, this.params);
    const { logN, r, p } = this.params;
    return `$scrypt$ln=${logN},r=${r},p=${p}$${unpadded(salt)}$${unpadded(key)}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) return false;
    const key = await derive(password, parsed.salt, parsed.params);
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  }

  /**
   * Spends the time of a real check without an account to check against, so an unknown email
   * answers as slowly as a wrong password.
   */
  async verifyNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('no account has this password');
    await this.verify(password, await this.dummyHash);
    return false;
  }

  /** True when the hash was made with a lower cost than the current one. */
  needsRehash(stored: string): boolean {
    const parsed = parse(stored);
    if (!parsed) return true;
    const { logN, r, p } = parsed.params;
    return logN < this.params.logN || r < this.params.r || p < this.params.p;
  }
}

/** PHC strings carry base64 without padding. */
const unpadded = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const match = FORMAT.exec(stored);
  if (!match) return undefined;
  const [, logN, r, p, salt, key] = match;
  return { params: { logN: Number(logN), r: Number(r), p: Number(p) }, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}
