import { QueryTypes, type Transaction } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import { OWN_FUNCTIONS, functionFiles, runFunctionFile } from './function-files';

/**
 * How the database's functions differ from their source files (shared/db/functions; docs/decisions/platform.md,
 * "Database functions as source files"). Names are function names; a file's trigger is named
 * `trigger <name> ON <table>`.
 */
export interface FunctionDrift {
  /** Declared functions (and triggers) whose definition in the database is not the one their file makes. */
  differs: string[];
  /** Functions of schema public that no file declares (and no extension owns). */
  undeclared: string[];
  /** Declared functions (and triggers) the database does not have. */
  missing: string[];
}

/** Each function's (and each declared trigger's) definitions as Postgres prints them, by name. */
async function definitions(sequelize: Sequelize, transaction: Transaction, triggers: string[]): Promise<Map<string, string>> {
  const rows = await sequelize.query<{ name: string; def: string }>(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS def FROM pg_proc p WHERE ${OWN_FUNCTIONS}
     UNION ALL
     SELECT 'trigger ' || tg.tgname || ' ON ' || c.relname, pg_get_triggerdef(tg.oid)
       FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid
      WHERE NOT tg.tgisinternal AND c.relnamespace = 'public'::regnamespace AND tg.tgname || ' ON ' || c.relname IN (:triggers)
     ORDER BY 1, 2`,
    { replacements: { triggers: triggers.length ? triggers : [''] }, type: QueryTypes.SELECT, transaction },
  );
  const byName = new Map<string, string>();
  for (const r of rows) byName.set(r.name, byName.has(r.name) ? `${byName.get(r.name)}\n${r.def}` : r.def);
  return byName;
}

/**
 * Reads the definitions, runs every file in the same transaction (as the migrator does: the declared
 * names dropped, then the file), reads them again and rolls back: a definition that changed is one
 * that differs from its file. Writes nothing; the transaction holds its locks (a file's trigger: its
 * table) for the moment it takes, and waits at most 5 s for them.
 */
export async function functionDrift(sequelize: Sequelize): Promise<FunctionDrift> {
  const files = functionFiles();
  const declared = new Set(files.flatMap((f) => f.functions));
  const triggers = files.flatMap((f) => f.triggers);
  const expected = [...declared, ...triggers.map((t) => `trigger ${t}`)];
  const transaction = await sequelize.transaction();
  try {
    await sequelize.query(`SET LOCAL lock_timeout = '5s'`, { transaction });
    const before = await definitions(sequelize, transaction, triggers);
    for (const f of files) await runFunctionFile(sequelize, f, transaction);
    const after = await definitions(sequelize, transaction, triggers);
    return {
      differs: expected.filter((name) => before.has(name) && before.get(name) !== after.get(name)).sort(),
      undeclared: [...before.keys()].filter((name) => !declared.has(name) && !name.startsWith('trigger ')).sort(),
      missing: expected.filter((name) => !before.has(name)).sort(),
    };
  } finally {
    await transaction.rollback();
  }
}
