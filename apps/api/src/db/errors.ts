/** PostgreSQL's unique_violation (SQLSTATE 23505), as both drivers report it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
