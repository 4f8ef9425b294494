import { createHash } from 'node:crypto';
import type { Task } from './tasks.js';

/**
 * How a fault's log line names the request's body: the start of its SHA-256, computed where the bytes are (on the
 * engine thread, which an HTTP body's bytes move to: pool.ts), and only when a fault is logged.
 */
export function bodyHash(task: Task): string {
  const bytes = task.json ?? JSON.stringify(task.body) ?? '';
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}
