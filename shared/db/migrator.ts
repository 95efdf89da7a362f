import path from 'node:path';
import { SequelizeStorage, Umzug, type MigrateDownOptions, type MigrateUpOptions } from 'umzug';
import type { Sequelize } from 'sequelize-typescript';
import { logger } from '../logger';
import { applyFunctionFiles, dropFunctionFiles } from './function-files';

export interface MigrationContext {
  sequelize: Sequelize;
}

/**
 * Schema migrations, then the database functions of shared/db/functions (shared/db/function-files.ts):
 * every `up` ends by applying the function files that changed, every `down` starts by dropping the
 * functions, since their signatures use tables that migrations drop (the next `up`, or a rollback that
 * fails, applies them again).
 */
class SchemaAndFunctions extends Umzug<MigrationContext> {
  constructor(
    private readonly sequelize: Sequelize,
    options: ConstructorParameters<typeof Umzug<MigrationContext>>[0],
  ) {
    super(options);
  }

  override async up(options?: MigrateUpOptions) {
    const applied = await super.up(options);
    await applyFunctionFiles(this.sequelize);
    return applied;
  }

  override async down(options?: MigrateDownOptions) {
    await dropFunctionFiles(this.sequelize);
    try {
      return await super.down(options);
    } catch (err) {
      // A rollback that fails leaves the schema where it stopped: the functions go back where it can take them.
      await applyFunctionFiles(this.sequelize).catch((again) =>
        logger().warn({ err: again }, 'migration: functions not applied again after a failed rollback'),
      );
      throw err;
    }
  }
}

/**
 * Migrations are TypeScript files in ./migrations, applied in name order and recorded in the
 * `SequelizeMeta` table. Each one exports `up` (and `down` where a rollback is safe). They change the
 * schema only; the functions are source files applied after them (SchemaAndFunctions).
 */
export function migrator(sequelize: Sequelize): Umzug<MigrationContext> {
  return new SchemaAndFunctions(sequelize, {
    migrations: {
      glob: ['migrations/*.{ts,js}', { cwd: __dirname, ignore: ['**/*.d.ts'] }],
      resolve: ({ name, path: file, context }) => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a migration file found at run time, loaded synchronously
        const migration = require(file as string) as {
          up: (ctx: MigrationContext) => Promise<void>;
          down?: (ctx: MigrationContext) => Promise<void>;
        };
        return {
          name: path.basename(name, path.extname(name)),
          up: () => migration.up(context),
          down: async () => {
            if (!migration.down) throw new Error(`migration ${name} cannot be rolled back`);
            await migration.down(context);
          },
        };
      },
    },
    context: { sequelize },
    storage: new SequelizeStorage({ sequelize }),
    logger: {
      info: (event) => logger().info(event, 'migration'),
      warn: (event) => logger().warn(event, 'migration'),
      error: (event) => logger().error(event, 'migration'),
      debug: () => undefined,
    },
  });
}

export async function migrate(sequelize: Sequelize): Promise<string[]> {
  const applied = await migrator(sequelize).up();
  return applied.map((m) => m.name);
}
