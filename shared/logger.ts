import pino from 'pino';
import { config } from './config';

let root: pino.Logger | undefined;

/**
 * Development on a terminal reads its logs as coloured lines (pino-pretty, in pino's transport thread);
 * tests, production and output to a file or a pipe get JSON lines (docs/decisions/platform.md).
 */
export function readableLogs(nodeEnv: string, terminal: boolean | undefined): boolean {
  return nodeEnv === 'development' && terminal === true;
}

/** The process logger: JSON lines, level from LOG_LEVEL (silent in tests unless set). */
export function logger(): pino.Logger {
  const { nodeEnv, logLevel } = config();
  root ??= pino({
    level: logLevel,
    base: { service: process.env.SERVICE_NAME ?? 'gaming' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], remove: true },
    transport: readableLogs(nodeEnv, process.stdout.isTTY)
      ? { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' } }
      : undefined,
  });
  return root;
}
