import { describeError, RedactingLogger, redactSecrets } from './redact.js';
import { runWithRequestId } from './request-id.js';

/** What `work` writes to `stream`, kept from the terminal. */
function written(stream: NodeJS.WriteStream, work: () => void): string {
  const chunks: string[] = [];
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string) => (chunks.push(String(chunk)), true)) as typeof stream.write;
  try {
    work();
  } finally {
    stream.write = write;
  }
  return chunks.join('');
}

describe('log redaction', () => {
  it('removes the statement and its values from an ORM error, keeping the reason', () => {
    const message = `insert into "users" ("id", "email", "password_hash") values ('u1', 'someone@example.com', '$scrypt$ln=14,r=8,p=1$c2FsdA$a2V5') - invalid byte sequence for encoding "UTF8": 0x00`;
    const redacted = redactSecrets(message);
    expect(redacted).toBe('[SQL redacted] - invalid byte sequence for encoding "UTF8": 0x00');
  });

  it('removes updates, selects and deletes too', () => {
    expect(redactSecrets(`update "users" set "email" = 'a@b.c' where "id" = 'x' - deadlock detected`)).toBe(
      '[SQL redacted] - deadlock detected',
    );
    expect(redactSecrets(`select "u".* from "users" as "u" where "u"."email" = 'a@b.c'`)).toBe('[SQL redacted]');
    expect(redactSecrets(`delete from "users" where "id" = 'x'`)).toBe('[SQL redacted]');
  });

  it('removes hashes, passwords, tokens and session cookies wherever they appear', () => {
    expect(redactSecrets('hash $scrypt$ln=17,r=8,p=1$abc$def here')).toBe('hash [hash redacted] here');
    expect(redactSecrets('{"email":"a@b.c","password":"hunter22"}')).toBe('{"email":"a@b.c","password":[redacted]}');
    expect(redactSecrets('Authorization: Bearer inv_abc.def')).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets('cookie: connect.sid=s%3Aabc.def; other=1')).toBe('cookie: connect.sid=[redacted]; other=1');
  });

  it('logs an error without a stack', () => {
    const logger = new RedactingLogger();
    expect(written(process.stderr, () => logger.error('NatsError: password=hunter22'))).toContain('password=[redacted]');
  });

  it('writes JSON lines for a log collector: level, context, message and the request being served, redacted', () => {
    const lines: string[] = [];
    const logger = new RedactingLogger({ json: true, destination: { write: (line) => lines.push(line) } });
    runWithRequestId('req-7', () => logger.warn('token=abc123 refused', 'Auth'));
    logger.log('started', 'Main');
    const [during, after] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(during).toMatchObject({ level: 'warn', context: 'Auth', requestId: 'req-7', msg: 'token=[redacted] refused' });
    expect(typeof during.time).toBe('string');
    expect(after).toMatchObject({ level: 'info', context: 'Main', msg: 'started' });
    expect(after.requestId).toBeUndefined();
  });

  it('tags a readable line with the request being served', () => {
    const logger = new RedactingLogger();
    expect(written(process.stdout, () => runWithRequestId('req-8', () => logger.log('handled', 'Items')))).toContain('[Items] [req req-8]');
  });

  it('describes an error by its redacted stack', () => {
    const error = new Error(`insert into "users" ("email") values ('x@y.z') - boom`);
    const text = describeError(error);
    expect(text).toMatch(/^Error: \[SQL redacted\] - boom\n\s+at /);
    expect(text).not.toContain('x@y.z');
  });
});
