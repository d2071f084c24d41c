/** Postgres unique violation (23505) on the named constraint or unique index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const candidate = error as {
    code?: string;
    constraint?: string;
    driverError?: { code?: string; constraint?: string };
  };
  const code = candidate.driverError?.code ?? candidate.code;
  return code === '23505' && (candidate.driverError?.constraint ?? candidate.constraint) === constraint;
}
