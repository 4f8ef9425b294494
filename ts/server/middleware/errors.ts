/**
 * The outermost middleware: stamps X-Engine-Version on every response and renders every failure as
 * application/problem+json. Anything that is not a Problem is a fault of the service (500), logged.
 */
import type { Middleware } from 'koa';
import { Problem } from '../../problem/index.js';

export function problems(engineVersion: string, baseUrl: string, log: (error: unknown) => void): Middleware {
  return async function renderProblems(ctx, next) {
    ctx.set('X-Engine-Version', engineVersion);
    try {
      await next();
    } catch (error) {
      const problem = asProblem(error, log);
      ctx.status = problem.status;
      ctx.set(problem.headers);
      ctx.set('X-Engine-Version', engineVersion);
      ctx.type = 'application/problem+json';
      ctx.body = JSON.stringify(problem.body(baseUrl));
    }
  };
}

function asProblem(error: unknown, log: (error: unknown) => void): Problem {
  if (error instanceof Problem) return error;
  // Errors Koa itself raises for a client's mistake carry a 4xx status.
  const status = (error as { status?: number; expose?: boolean }).status;
  if (status === 413) return new Problem('payload_too_large');
  if (status !== undefined && status >= 400 && status < 500) {
    return Problem.invalid([{ path: '', message: (error as Error).message }], 'The request could not be read.');
  }
  log(error);
  return new Problem('internal_error', 'The service failed to handle this request.');
}
