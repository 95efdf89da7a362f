/** SQL conditions to AND together, with their :named replacements (what the paged lists build). */
export interface Where {
  clauses: string[];
  replacements: Record<string, unknown>;
}

/**
 * Adds `column = :key` with its replacement for each [column, key, value] whose value is given (not
 * undefined, null or the empty string: a filter left out); returns `where`.
 */
export function whereEquals<W extends Where>(where: W, ...equal: ReadonlyArray<readonly [column: string, key: string, value: unknown]>): W {
  for (const [column, key, value] of equal) {
    if (value === undefined || value === null || value === '') continue;
    where.clauses.push(`${column} = :${key}`);
    where.replacements[key] = value;
  }
  return where;
}
