import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/**
 * What a log line must never hold (docs/security.md, "Logs"): SQL statements (MikroORM puts the
 * statement, values included, in its error messages), password hashes, passwords and tokens in
 * JSON or headers. Each pattern is replaced by a marker, so the line still says what happened.
 */
const REDACTIONS: [RegExp, string][] = [
  [
    /\b(insert\s+into|update\s+"?[\w.]+"?\s+set|delete\s+from|select\s[\s\S]*?\sfrom|with\s+"?\w+"?\s+as)\b[\s\S]*?(?=\s+-\s+[a-z]|$)/gi,
    '[SQL redacted]',
  ],
  [/\$(scrypt|argon2\w*)\$[\w=,+/$.-]*/g, '[hash redacted]'],
  [/("?(?:password|passwordHash|password_hash|token|secret|csrf\w*)"?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,}]+)/gi, '$1[redacted]'],
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/g, '$1 [redacted]'],
  [/(connect\.sid=)[^;\s]+/g, '$1[redacted]'],
  [/(\w+:\/\/[^:/\s@]+:)[^@\s]+@/g, '$1[redacted]@'],
];

export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REDACTIONS) out = out.replace(pattern, replacement);
  return out;
}

/** An unexpected error as one log text: its stack (or message), secrets and SQL values removed. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return redactSecrets(error.stack ?? `${error.name}: ${error.message}`);
  return redactSecrets(String(error));
}

const redactArgument = (value: unknown): unknown => {
  if (typeof value === 'string') return redactSecrets(value);
  if (value instanceof Error) return describeError(value);
  return value;
};

/**
 * Nest's console logger with every message and stack passed through redactSecrets: every process
 * logs through it (setting it on the app makes every `new Logger(context)` use it).
 */
export class RedactingLogger extends ConsoleLogger {
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
  ): void {
    super.printMessages(messages.map(redactArgument), context, logLevel, writeStreamType, errorStack);
  }

  protected override printStackTrace(stack: string): void {
    // Nest calls this for every error line, with no stack when there is none.
    super.printStackTrace(stack ? redactSecrets(stack) : stack);
  }
}

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** The logger of a process: levels up to `level` (e.g. 'log'), redacted. */
export function processLogger(level: LogLevel = 'log'): RedactingLogger {
  return new RedactingLogger({ logLevels: LEVELS.slice(0, LEVELS.indexOf(level) + 1) });
}
