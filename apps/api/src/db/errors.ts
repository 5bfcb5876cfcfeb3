/** PostgreSQL's unique_violation (SQLSTATE 23505), as both drivers report it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/** PostgreSQL's foreign_key_violation (SQLSTATE 23503), as both drivers report it. */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23503';
}

/** PostgreSQL gave up on one of two concurrent transactions: running it again is safe. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '40P01' || code === '40001';
}
