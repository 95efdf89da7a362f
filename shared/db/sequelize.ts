import 'reflect-metadata';
import { Sequelize } from 'sequelize-typescript';
import { config } from '../config';
import { logger } from '../logger';
import { MODELS } from './models';

let instance: Sequelize | undefined;

/** The process's Sequelize instance with every model registered (created on first use). */
export function db(): Sequelize {
  instance ??= new Sequelize(config().databaseUrl, {
    dialect: 'postgres',
    models: [...MODELS],
    logging: (sql) => logger().trace({ sql }, 'sql'),
    pool: { max: config().dbPoolMax, min: 0, idle: 10_000, acquire: 10_000 },
    define: { freezeTableName: true },
  });
  return instance;
}

export async function closeDb(): Promise<void> {
  const current = instance;
  instance = undefined;
  await current?.close();
}
