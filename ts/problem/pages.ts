/**
 * What each problem code means and how to fix the request: the text of the page its `type` URI
 * (`<PUBLIC_BASE_URL>/problems/<code>`) answers (decisions.md section 15, "Problem pages").
 */
import type { ProblemCode } from './index.js';

export interface ProblemExplanation {
  /** What happened, in a sentence or two. */
  meaning: string;
  /** What to change in the request, one step a line. */
  fix: string[];
}

export const problemExplanation: Record<ProblemCode, ProblemExplanation> = {
  invalid_input: {
    meaning:
      'The request was refused before anything was computed: the body is not JSON, does not match the schema of the endpoint, ' +
      'or fails a check beyond the schema (a position past the end of the beam, a duplicate id, a reference to an id that ' +
      'does not exist, a zero-length member).',
    fix: [
      'Read issues[]: each entry names the field by its path (spans.0.length) and says what is wrong with it.',
      'Send Content-Type: application/json and a body that parses as JSON.',
      'Compare the body with the examples of the endpoint in /v1/openapi.json; every object rejects properties it does not know.',
      'A beam body sent to /v1/truss/solve (or the reverse) is refused as a whole: the detail names the endpoint it fits.',
    ],
  },
  unauthorized: {
    meaning: 'The Authorization header was sent but is not "Bearer <key>" with a key this service issued and has not revoked.',
    fix: [
      'Send the key as Authorization: Bearer sw_...; no other scheme is accepted.',
      'Leave the header out to be served as an anonymous caller (with the anonymous limits).',
      'Ask the operator for a new key if yours was revoked or reissued.',
    ],
  },
  rate_limited: {
    meaning: 'A rate-limit window of your tier is full: the burst window (per minute), the day or the month, as the detail says.',
    fix: [
      'Wait the number of seconds in the Retry-After header; windows reset on UTC boundaries.',
      'Watch X-RateLimit-Remaining on every counted response to pace your calls.',
      'Anonymous callers get 10 requests a minute, 30 a day and 300 a month; a key raises the limits.',
    ],
  },
  payload_too_large: {
    meaning: 'The request body is larger than the service accepts.',
    fix: [
      'Send a smaller model; split a very large structure into parts solved separately.',
      'Remove whitespace and fields you do not need.',
    ],
  },
  not_found: {
    meaning: 'There is no resource at this path, or no section with this designation in the library.',
    fix: [
      'Check the path against /v1/openapi.json: paths are case-sensitive and have no trailing slash.',
      'For a section, the detail names up to three nearest designations; GET /v1/sections?q=... searches.',
    ],
  },
  method_not_allowed: {
    meaning: 'The path exists but does not answer this HTTP method.',
    fix: ['Use a method the Allow header lists: solve and diagram endpoints take POST, the library and health take GET.'],
  },
  headers_too_large: {
    meaning: 'The request headers are larger than the server reads.',
    fix: ['Send fewer or shorter headers (large cookies are the usual cause).'],
  },
  unstable_structure: {
    meaning:
      'The structure is a mechanism: some part of it can move without any force, so it has no unique solution. The detail and ' +
      'the mechanism member name the place that moves and the direction it moves in.',
    fix: [
      'Add a support or restraint at or next to the place named, or in the direction named.',
      'A hinge needs a support on each side of it, or a fixed support on one side; two hinges in one span make it a mechanism.',
      'Every separate part of a truss or frame needs its own supports; a roller restrains one direction only.',
    ],
  },
  engine_error: {
    meaning: 'The engine could not give finite results for this model (an overflow or an ill-conditioned stiffness matrix).',
    fix: [
      'Check the units: E in GPa (ksi), I in mm4 (in4), A in mm2 (in2); a stiffness many orders of magnitude off makes the matrix ill-conditioned.',
      'Look at meta.warnings of a similar model that solves: it names implausible values.',
    ],
  },
  internal_error: {
    meaning: 'The service failed on a request it should have answered. This is a fault of the service, not of your request.',
    fix: ['Try again; if it happens again, report the request body and the X-Engine-Version header to the operator.'],
  },
  service_unavailable: {
    meaning: 'The service cannot count requests because its shared counter store is unreachable, so counted requests are refused.',
    fix: ['Wait the number of seconds in the Retry-After header and try again.'],
  },
};
