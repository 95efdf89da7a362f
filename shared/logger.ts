import pino from 'pino';
import { config } from './config';

let root: pino.Logger | undefined;

/** The process logger: JSON lines, level from LOG_LEVEL (silent in tests unless set). */
export function logger(): pino.Logger {
  root ??= pino({
    level: config().logLevel,
    base: { service: process.env.SERVICE_NAME ?? 'gaming' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], remove: true },
  });
  return root;
}
