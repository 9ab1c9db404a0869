import type request from 'supertest';
import type { RawAnswer } from '../../support/raw-http';

/**
 * Traces of our internals that no answer may carry: stack frames, source paths, SQL, driver and
 * runtime error names. A client learns the problem's code and message, nothing about how we work.
 */
export const INTERNALS =
  /\bat [\w$.<>]+ \(|\.[jt]s:\d+|node_modules|\/work\/|\/src\/|\bselect\b[^"]*\bfrom\b|\binsert into\b|\bupdate \w+ set\b|\bwhere \w+ =|syntax error|violates|duplicate key|invalid byte sequence|MikroORM|Postgres|TypeError|RangeError|ReferenceError|Cannot read propert/i;

const PROBLEM_JSON = /^application\/problem\+json(;|$)/;

function expectProblemParts(
  status: number,
  contentType: string | undefined,
  text: string,
  expectedStatus: number,
  code: string,
): void {
  let body: { status?: unknown; code?: unknown } = {};
  try {
    body = JSON.parse(text) ?? {};
  } catch {
    // Not JSON: the comparison below fails and shows the start of what came instead.
  }
  const start = text.slice(0, 300); // shown beside the difference, whatever came
  expect({ status, contentType, problemStatus: body.status, code: body.code, start }).toEqual({
    status: expectedStatus,
    contentType: expect.stringMatching(PROBLEM_JSON),
    problemStatus: expectedStatus,
    code,
    start,
  });
  expect(text).not.toMatch(INTERNALS);
}

/** The answer is an RFC 9457 problem with this status and code, and gives nothing of ours away. */
export function expectProblem(res: request.Response, status: number, code: string): void {
  expectProblemParts(res.status, res.headers['content-type'], res.text, status, code);
}

/** The same, for an answer read off a raw socket. */
export function expectRawProblem(answer: RawAnswer, status: number, code: string): void {
  expectProblemParts(answer.status, answer.headers['content-type'], answer.body, status, code);
}
