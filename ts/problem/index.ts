/**
 * Problem details (RFC 9457): the one error type every layer of the service throws or returns.
 * The error middleware turns a Problem into an application/problem+json response.
 */

export type ProblemCode =
  | 'invalid_input'
  | 'unauthorized'
  | 'rate_limited'
  | 'payload_too_large'
  | 'not_found'
  | 'method_not_allowed'
  | 'headers_too_large'
  | 'unstable_structure'
  | 'engine_error'
  | 'internal_error'
  | 'service_unavailable';

export interface ProblemIssue {
  /** Dotted JSON path of the offending field, e.g. `spans.0.length`; empty for the whole body. */
  path: string;
  message: string;
}

export const problemStatus: Record<ProblemCode, number> = {
  invalid_input: 400,
  unauthorized: 401,
  rate_limited: 429,
  payload_too_large: 413,
  not_found: 404,
  method_not_allowed: 405,
  headers_too_large: 431,
  unstable_structure: 422,
  engine_error: 422,
  internal_error: 500,
  service_unavailable: 503,
};

export const problemTitle: Record<ProblemCode, string> = {
  invalid_input: 'Invalid input',
  unauthorized: 'Unauthorized',
  rate_limited: 'Too many requests',
  payload_too_large: 'Payload too large',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  headers_too_large: 'Request headers too large',
  unstable_structure: 'Unstable structure',
  engine_error: 'Engine error',
  internal_error: 'Internal error',
  service_unavailable: 'Service unavailable',
};

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: ProblemCode;
  detail?: string;
  issues?: ProblemIssue[];
  /** unstable_structure: where the mechanism is (decisions.md 15). */
  mechanism?:
    | { node?: number; position?: number; direction: string; hint: string }
    | { kind: 'buckling'; combination?: string; factor?: number; hint: string };
}

/** A Problem as plain data (`Problem.toData`). */
export interface ProblemData {
  code: ProblemCode;
  detail: string | undefined;
  issues: ProblemIssue[] | undefined;
  headers: Record<string, string>;
  mechanism: ProblemBody['mechanism'];
}

export class Problem extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly issues: ProblemIssue[] | undefined;
  /** Extra response headers the problem needs (Allow, Retry-After, ...). */
  readonly headers: Record<string, string>;
  readonly mechanism: ProblemBody['mechanism'];

  constructor(
    code: ProblemCode,
    detail?: string,
    options: { issues?: ProblemIssue[]; headers?: Record<string, string>; mechanism?: ProblemBody['mechanism'] } = {},
  ) {
    super(detail ?? problemTitle[code]);
    this.name = 'Problem';
    this.code = code;
    this.status = problemStatus[code];
    this.detail = detail;
    this.issues = options.issues;
    this.headers = options.headers ?? {};
    this.mechanism = options.mechanism;
  }

  /** The problem as plain data, to cross a thread boundary (structured clone keeps no class). */
  toData(): ProblemData {
    return { code: this.code, detail: this.detail, issues: this.issues, headers: this.headers, mechanism: this.mechanism };
  }

  /** The problem `toData` gave. */
  static fromData(data: ProblemData): Problem {
    return new Problem(data.code, data.detail, {
      headers: data.headers,
      ...(data.issues !== undefined && { issues: data.issues }),
      ...(data.mechanism !== undefined && { mechanism: data.mechanism }),
    });
  }

  static invalid(issues: ProblemIssue[], detail = 'The request failed validation.'): Problem {
    return new Problem('invalid_input', detail, { issues });
  }

  /** The JSON body; `baseUrl` is the service's public site (PUBLIC_BASE_URL). */
  body(baseUrl: string): ProblemBody {
    const body: ProblemBody = {
      type: `${baseUrl}/problems/${this.code}`,
      title: problemTitle[this.code],
      status: this.status,
      code: this.code,
    };
    if (this.detail !== undefined) body.detail = this.detail;
    if (this.issues !== undefined) body.issues = this.issues;
    if (this.mechanism !== undefined) body.mechanism = this.mechanism;
    return body;
  }
}
