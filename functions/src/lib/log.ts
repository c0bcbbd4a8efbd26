/** Structured JSON logs, one line per event, so CloudWatch Logs Insights can query fields. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const level = process.env.LOG_LEVEL ?? 'info';
  if (level === 'silent') return Infinity;
  return order[level as LogLevel] ?? order.info;
}

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export function createLogger(base: Record<string, unknown> = {}): Logger {
  const write = (level: LogLevel, msg: string, fields?: Record<string, unknown>): void => {
    if (order[level] < threshold()) return;
    const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...base, ...fields });
    if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
}

export const log = createLogger({ service: 'tapewatch' });

export function errorFields(err: unknown): Record<string, unknown> {
  return err instanceof Error ? { error: err.message, errorName: err.name, stack: err.stack } : { error: String(err) };
}
