import path from 'node:path';
import { SequelizeStorage, Umzug } from 'umzug';
import type { Sequelize } from 'sequelize-typescript';
import { logger } from '../logger';

export interface MigrationContext {
  sequelize: Sequelize;
}

/**
 * Migrations are TypeScript files in ./migrations, applied in name order and recorded in the
 * `SequelizeMeta` table. Each one exports `up` (and `down` where a rollback is safe).
 */
export function migrator(sequelize: Sequelize): Umzug<MigrationContext> {
  return new Umzug<MigrationContext>({
    migrations: {
      glob: ['migrations/*.{ts,js}', { cwd: __dirname, ignore: ['**/*.d.ts'] }],
      resolve: ({ name, path: file, context }) => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
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
