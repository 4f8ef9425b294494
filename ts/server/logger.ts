/**
 * The service's logger (pino): JSON lines on stdout, one per request (middleware/access-log.ts) and one per
 * service fault. `LOG_LEVEL` (trace, debug, info, warn, error, fatal, silent; default info) and `LOG_FORMAT`
 * (json, default, for a log collector; pretty, for a person at a terminal, through pino-pretty) set it.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export const LOG_FORMATS = ['json', 'pretty'] as const;

export interface LogSettings {
  level: (typeof LOG_LEVELS)[number];
  format: (typeof LOG_FORMATS)[number];
}

/** LOG_LEVEL and LOG_FORMAT read and checked: a mistyped one stops the start with a message, not a silent default. */
export function logSettingsFromEnv(env: { LOG_LEVEL?: string; LOG_FORMAT?: string }): LogSettings {
  const pick = <T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T => {
    const given = value?.trim().toLowerCase();
    if (!given) return fallback;
    if (!(allowed as readonly string[]).includes(given)) throw new Error(`${name}=${value} is not one of ${allowed.join(', ')}`);
    return given as T;
  };
  return {
    level: pick('LOG_LEVEL', env.LOG_LEVEL, LOG_LEVELS, 'info'),
    format: pick('LOG_FORMAT', env.LOG_FORMAT, LOG_FORMATS, 'json'),
  };
}

/** A logger with these settings; `destination` (a test's stream) replaces stdout for JSON lines. */
export function createLogger(settings: LogSettings, destination?: DestinationStream): Logger {
  const options = { level: settings.level, base: { service: 'spanwise' } };
  if (settings.format === 'pretty') return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: false } } });
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that writes nothing: the default of an app made for tests of other concerns. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
