import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { pino, type Logger as Pino } from 'pino';
import { currentRequestId } from './request-id.js';

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

/** Nest's levels as pino names them. */
const PINO_LEVELS: Record<LogLevel, 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/**
 * Nest's console logger with every message and stack passed through redactSecrets: every process
 * logs through it (setting it on the app makes every `new Logger(context)` use it). A line written
 * while a request is served carries its id (docs/operations.md, "Logs"). With `json`, each line is
 * one JSON object written by pino (time, level, pid, context, requestId, msg, stack), for a log
 * collector; else Nest's readable lines.
 */
export class RedactingLogger extends ConsoleLogger {
  private readonly json?: Pino;

  /** `destination`: where JSON lines go (standard output unless a test says otherwise). */
  constructor(options: { logLevels?: LogLevel[]; json?: boolean; destination?: { write(line: string): void } } = {}) {
    super(options.logLevels ? { logLevels: options.logLevels } : {});
    if (!options.json) return;
    const settings = {
      level: 'trace',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label: string) => ({ level: label }) },
    };
    this.json = options.destination ? pino(settings, options.destination) : pino(settings);
  }

  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel: LogLevel = 'log',
    writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
  ): void {
    const requestId = currentRequestId();
    if (this.json) {
      const stack = typeof errorStack === 'string' && errorStack ? redactSecrets(errorStack) : undefined;
      for (const message of messages.map(redactArgument))
        this.json[PINO_LEVELS[logLevel]]({ context, requestId, stack }, typeof message === 'string' ? message : JSON.stringify(message));
      return;
    }
    const tagged = requestId ? `${context ?? ''}] [req ${requestId}` : context;
    super.printMessages(messages.map(redactArgument), tagged, logLevel, writeStreamType, errorStack);
  }

  protected override printStackTrace(stack: string): void {
    // Nest calls this for every error line, with no stack when there is none.
    super.printStackTrace(stack ? redactSecrets(stack) : stack);
  }
}

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** The logger of a process: levels up to `level` (e.g. 'log'), redacted; JSON lines when LOG_FORMAT=json (NatsEnv). */
export function processLogger(level: LogLevel = 'log'): RedactingLogger {
  return new RedactingLogger({ logLevels: LEVELS.slice(0, LEVELS.indexOf(level) + 1), json: process.env.LOG_FORMAT === 'json' });
}
