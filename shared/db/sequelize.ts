import 'reflect-metadata';
import { Sequelize } from 'sequelize-typescript';
import { config } from '../config';
import { logger } from '../logger';
import { noteStatement } from './commit-outcome';
import { MODELS } from './models';
import { pgModule } from './pg-module';

let instance: Sequelize | undefined;

/** The process's Sequelize instance with every model registered (created on first use). */
export function db(): Sequelize {
  instance ??= new Sequelize(config().databaseUrl, {
    dialect: 'postgres',
    dialectModule: pgModule,
    models: [...MODELS],
    logging: (sql) => logger().trace({ sql }, 'sql'),
    pool: { max: config().dbPoolMax, min: 0, idle: 10_000, acquire: 10_000 },
    define: { freezeTableName: true },
    // Marks a request that may have committed, for the answer to an outage met later (commit-outcome.ts).
    hooks: { beforeQuery: noteStatement },
  });
  return instance;
}

export async function closeDb(): Promise<void> {
  const current = instance;
  instance = undefined;
  await current?.close();
}
