import type { EntityManager } from '@mikro-orm/postgresql';

/** Runs SQL ("?" placeholders) in the entity manager's transaction, if it has one. */
export type Sql = <T extends object = Record<string, unknown>>(query: string, params?: readonly unknown[]) => Promise<T[]>;

export const sqlOf =
  (em: EntityManager): Sql =>
  (query, params = []) =>
    em.getConnection().execute(query, params as unknown[], 'all', em.getTransactionContext());

/** A PostgreSQL unique violation, optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: violated } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || violated === constraint);
}

/** A timestamptz column as ISO text (the driver hands them over as strings). */
export const isoTime = (value: string | Date): string => new Date(value).toISOString();
