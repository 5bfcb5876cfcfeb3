import type { AuthUser } from '@gestor/shared';
import type { Database } from '../../../db/client';
import { isForeignKeyViolation, isRetryable, isUniqueViolation } from '../../../db/errors';
import { ValidationError } from '../../../lib/http-errors';
import { lockHash } from '../declared-fields';
import type { ResourceDefinition, WriteContext } from '../resource-definition';

/** What a write needs to know of its area. */
type WrittenArea = Pick<
  ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>,
  'table' | 'serializeWrites' | 'uniqueConstraints' | 'foreignKeyConstraints' | 'slug'
>;

const MAX_ATTEMPTS = 3;

/** One advisory lock key per table (a stable 31-bit hash of its name). */
const advisoryLockKey = (table: string) => lockHash(`gestor:${table}`);

/**
 * Every write of an area, standard or its own:
 * 1. one transaction, which first takes the area's lock when it serializes its writes;
 * 2. the operation, which may leave work for after the commit (mails);
 * 3. a deadlock or serialization failure (PostgreSQL gave up on one of two concurrent writers) runs
 *    it again from the start, a few times, instead of answering 500;
 * 4. a duplicate or a broken reference the area names becomes a Spanish 422 on its field;
 * 5. once committed, the work left for after it, each failure logged and never undoing the write.
 */
export async function runWrite<T>(
  definition: WrittenArea,
  database: Database,
  log: { error(obj: object, msg: string): void },
  actor: AuthUser,
  fn: (ctx: WriteContext) => Promise<T>,
): Promise<T> {
  const { table } = definition;
  for (let attempt = 1; ; attempt++) {
    const pending: Array<() => Promise<void>> = [];
    let result: T;
    try {
      result = await database.transaction(async (tx) => {
        if (definition.serializeWrites)
          await tx.query('SELECT pg_advisory_xact_lock($1)', [advisoryLockKey(table)]);
        return fn({ tx, actor, afterCommit: (task) => pending.push(task) });
      });
    } catch (error) {
      if (isRetryable(error) && attempt < MAX_ATTEMPTS) continue;
      throw knownViolation(definition, error) ?? error;
    }
    for (const task of pending) {
      await task().catch((error: unknown) =>
        log.error({ err: error }, 'Una tarea posterior al cambio ha fallado'),
      );
    }
    return result;
  }
}

/** The Spanish 422 for a duplicate or a broken reference the area declared, if it is one. */
function knownViolation(definition: WrittenArea, error: unknown): ValidationError | null {
  const constraint = (error as { constraint?: string }).constraint;
  if (!constraint) return null;
  const known = definition.uniqueConstraints?.[constraint];
  if (isUniqueViolation(error) && known) return ValidationError.field(known.field, known.message);
  const referenced = definition.foreignKeyConstraints?.[constraint];
  if (isForeignKeyViolation(error) && referenced)
    return ValidationError.field(referenced.field, referenced.message);
  if (isUniqueViolation(error) && definition.slug && constraint === `${definition.table}_slug_key`) {
    return ValidationError.field('slug', 'Esta dirección web (slug) ya está en uso: elija otra.');
  }
  return null;
}
