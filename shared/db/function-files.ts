import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { QueryTypes, type Transaction } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import { logger } from '../logger';
import { FUNCTION_FILES } from './functions';

/**
 * The database functions as source files (shared/db/functions, in the order of its index.ts;
 * docs/decisions/platform.md, "Database functions as source files"). After the migrations, the migrator applies
 * each file whose sha256 differs from the one recorded in db_function_files (or one of whose functions
 * is missing), each in its own transaction together with its record: first the functions of the names
 * the file declares are dropped (so a file may change a signature or a return type), then the file
 * runs. Then the functions of schema public that no file declares (and no extension owns) are dropped.
 */
const DIR = path.join(__dirname, 'functions');

export interface FunctionFile {
  /** Its path under shared/db/functions. */
  file: string;
  sql: string;
  checksum: string;
  /** The names of the functions it declares (CREATE OR REPLACE FUNCTION at the start of a line). */
  functions: string[];
  /** The triggers it creates, `name ON table`. */
  triggers: string[];
}

const DECLARED = /^CREATE OR REPLACE FUNCTION\s+(?:public\.)?(\w+)\s*\(/gim;
const TRIGGER = /^CREATE TRIGGER\s+(\w+)\b[^;]*?\bON\s+(?:public\.)?(\w+)/gim;

/** The manifest's files, read and parsed; a name declared by two files is refused. */
export function functionFiles(): FunctionFile[] {
  const owner = new Map<string, string>();
  return FUNCTION_FILES.map((file) => {
    const sql = fs.readFileSync(path.join(DIR, file), 'utf8');
    if (/^\s*CREATE\s+FUNCTION\b/im.test(sql)) throw new Error(`${file}: write CREATE OR REPLACE FUNCTION`);
    const functions = [...sql.matchAll(DECLARED)].map((m) => m[1].toLowerCase());
    if (!functions.length) throw new Error(`${file} declares no function`);
    for (const name of functions) {
      if (owner.has(name)) throw new Error(`${name} is declared by both ${owner.get(name)} and ${file}`);
      owner.set(name, file);
    }
    const triggers = [...sql.matchAll(TRIGGER)].map((m) => `${m[1].toLowerCase()} ON ${m[2].toLowerCase()}`);
    return { file, sql, checksum: createHash('sha256').update(sql).digest('hex'), functions, triggers };
  });
}

/** The functions of the project: schema public, plain functions, none an extension owns (`p` is pg_proc). */
export const OWN_FUNCTIONS = `p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
  AND NOT EXISTS (SELECT 1 FROM pg_depend e WHERE e.classid = 'pg_proc'::regclass AND e.objid = p.oid AND e.deptype = 'e')`;

interface Dependent {
  signature: string;
  dependent: string | null;
  trigger: string | null;
}

/** The project's functions whose names are (declared) or are not (!declared) in `names`, with what depends on each. */
async function functionsWithDependents(sequelize: Sequelize, transaction: Transaction, names: string[], declared: boolean): Promise<Dependent[]> {
  return sequelize.query<Dependent>(
    `SELECT format('%I.%I(%s)', 'public', p.proname, pg_get_function_identity_arguments(p.oid)) AS signature,
            pg_describe_object(d.classid, d.objid, d.objsubid) AS dependent,
            CASE WHEN tg.oid IS NOT NULL THEN tg.tgname || ' ON ' || r.relname END AS "trigger"
       FROM pg_proc p
       LEFT JOIN pg_depend d ON d.refclassid = 'pg_proc'::regclass AND d.refobjid = p.oid
       LEFT JOIN pg_trigger tg ON d.classid = 'pg_trigger'::regclass AND tg.oid = d.objid
       LEFT JOIN pg_class c ON c.oid = tg.tgrelid
       -- A trigger on a partitioned table is cloned on each partition: the clones are the parent's trigger.
       LEFT JOIN pg_class r ON r.oid = coalesce(pg_partition_root(c.oid), c.oid)
      WHERE ${OWN_FUNCTIONS} AND (p.proname IN (:names)) = :declared
      ORDER BY 1`,
    { replacements: { names, declared }, type: QueryTypes.SELECT, transaction },
  );
}

/**
 * Drops the functions, and with them (CASCADE) the triggers `mayGo` allows; any other dependent (a view,
 * a default, a trigger the file does not create again) is refused by name. Answers the signatures dropped.
 */
async function dropFunctions(sequelize: Sequelize, transaction: Transaction, rows: Dependent[], mayGo: (trigger: string) => boolean, why: string) {
  const signatures = [...new Set(rows.map((r) => r.signature))];
  for (const signature of signatures) {
    const dependents = rows.filter((r) => r.signature === signature && r.dependent);
    const refused = dependents.filter((r) => !r.trigger || !mayGo(r.trigger));
    if (refused.length) {
      throw new Error(
        `${why}: cannot drop ${signature}: ${refused.map((r) => r.dependent).join(', ')} depends on it (only a trigger its file creates again may)`,
      );
    }
    await sequelize.query(`DROP FUNCTION ${signature}${dependents.length ? ' CASCADE' : ''}`, { transaction });
  }
  return signatures;
}

/** Runs one file in the caller's transaction: the functions of the names it declares dropped first, then its text. */
export async function runFunctionFile(sequelize: Sequelize, f: FunctionFile, transaction: Transaction): Promise<string[]> {
  const existing = await functionsWithDependents(sequelize, transaction, f.functions, true);
  const dropped = await dropFunctions(sequelize, transaction, existing, (trigger) => f.triggers.includes(trigger), f.file);
  await sequelize.query(f.sql, { transaction });
  return dropped;
}

/** Whether the file's recorded checksum is its own and every function it declares exists. */
async function isCurrent(sequelize: Sequelize, f: FunctionFile, transaction: Transaction): Promise<boolean> {
  const [row] = await sequelize.query<{ current: boolean }>(
    `SELECT coalesce((SELECT checksum FROM db_function_files WHERE file = :file) = :checksum, FALSE)
        AND (SELECT count(DISTINCT p.proname) FROM pg_proc p WHERE ${OWN_FUNCTIONS} AND p.proname IN (:names)) = :count AS current`,
    { replacements: { file: f.file, checksum: f.checksum, names: f.functions, count: f.functions.length }, type: QueryTypes.SELECT, transaction },
  );
  return row.current;
}

/**
 * Applies the files that changed (every file with `all`), then drops the functions no file declares.
 * Answers the files applied. Concurrent migrators take turns on an advisory lock.
 */
export async function applyFunctionFiles(sequelize: Sequelize, { all = false } = {}): Promise<string[]> {
  const files = functionFiles();
  const applied: string[] = [];
  for (const f of files) {
    await sequelize.transaction(async (transaction) => {
      await sequelize.query(`SELECT pg_advisory_xact_lock(hashtext('db_function_files'))`, { transaction });
      if (!all && (await isCurrent(sequelize, f, transaction))) return;
      const replaced = await runFunctionFile(sequelize, f, transaction);
      await sequelize.query(
        `INSERT INTO db_function_files (file, checksum, "appliedAt") VALUES (:file, :checksum, now())
         ON CONFLICT (file) DO UPDATE SET checksum = EXCLUDED.checksum, "appliedAt" = EXCLUDED."appliedAt"`,
        { replacements: { file: f.file, checksum: f.checksum }, transaction },
      );
      logger().info({ event: 'function-file-applied', file: f.file, checksum: f.checksum, replaced }, 'migration');
      applied.push(f.file);
    });
  }
  await sequelize.transaction(async (transaction) => {
    await sequelize.query(`SELECT pg_advisory_xact_lock(hashtext('db_function_files'))`, { transaction });
    const undeclared = await functionsWithDependents(
      sequelize,
      transaction,
      files.flatMap((f) => f.functions),
      false,
    );
    // A trigger that depends on an undeclared function came from the same deleted file: it goes too.
    const dropped = await dropFunctions(sequelize, transaction, undeclared, () => true, 'a function no file declares');
    if (dropped.length) logger().info({ event: 'undeclared-functions-dropped', dropped }, 'migration');
    await sequelize.query(`DELETE FROM db_function_files WHERE file NOT IN (:files)`, { replacements: { files: files.map((f) => f.file) }, transaction });
  });
  return applied;
}

/**
 * Drops every function of the project (with the triggers on them) and forgets the applied files, before
 * migrations are rolled back: the functions' signatures use tables those migrations drop. The next
 * migration run applies the files again.
 */
export async function dropFunctionFiles(sequelize: Sequelize): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const all = await functionsWithDependents(sequelize, transaction, [''], false);
    const dropped = await dropFunctions(sequelize, transaction, all, () => true, 'rolling back migrations');
    await sequelize.query(`DO $$ BEGIN IF to_regclass('db_function_files') IS NOT NULL THEN DELETE FROM db_function_files; END IF; END $$`, { transaction });
    if (dropped.length) logger().info({ event: 'functions-dropped-for-rollback', dropped }, 'migration');
  });
}
