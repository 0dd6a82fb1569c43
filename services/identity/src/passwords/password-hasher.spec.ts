import { PasswordHasher } from './password-hasher.js';

const fast = new PasswordHasher({ logN: 10, r: 8, p: 1 });

describe('PasswordHasher', () => {
  it('accepts the password it hashed and refuses any other', async () => {
    const hash = await fast.hash('correct horse');
    expect(await fast.verify('correct horse', hash)).toBe(true);
    expect(await fast.verify('correct hors', hash)).toBe(false);
  });

  it('never stores the password itself and salts every hash', async () => {
    const [a, b] = await Promise.all([fast.hash('same password'), fast.hash('same password')]);
    expect(a).not.toContain('same password');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
  });

  it('keeps verifying hashes made with an older cost and flags them for rehashing', async () => {
    const old = await fast.hash('pw123456');
    const stronger = new PasswordHasher({ logN: 11, r: 8, p: 1 });
    expect(await stronger.verify('pw123456', old)).toBe(true);
    expect(stronger.needsRehash(old)).toBe(true);
    expect(stronger.needsRehash(await stronger.hash('pw123456'))).toBe(false);
  });

  it('handles the OWASP cost (N = 2^17) despite Node’s default memory cap', async () => {
    const owasp = new PasswordHasher({ logN: 17, r: 8, p: 1 });
    expect(await owasp.verify('pw123456', await owasp.hash('pw123456'))).toBe(true);
  });

  it('refuses a malformed stored value instead of throwing', async () => {
    expect(await fast.verify('x', 'not-a-hash')).toBe(false);
    expect(await fast.verifyNothing('x')).toBe(false);
  });
});
