import type { operations } from './generated/openapi';

/**
 * Types of the public operations, read from the generated document types, so a parameter, field or
 * problem code the API adds reaches SDK users with `npm run sdk:generate` alone.
 */
export type OperationId = keyof operations;

/** The query parameters of an operation (an empty object when it takes none). */
export type QueryOf<Op extends OperationId> = [NonNullable<operations[Op]['parameters']['query']>] extends [
  never,
]
  ? Record<string, never>
  : NonNullable<operations[Op]['parameters']['query']>;

type SuccessOf<Op extends OperationId> = operations[Op]['responses'] extends { 200: infer R } ? R : never;

/** The JSON body of an operation's 200. */
export type DataOf<Op extends OperationId> =
  SuccessOf<Op> extends { content: { 'application/json': infer Body } } ? Body : never;

type ProblemBodyOf<Response> = Response extends { content: { 'application/problem+json': infer Body } }
  ? Body
  : never;

type ProblemsOf<Op extends OperationId> = ProblemBodyOf<
  operations[Op]['responses'][keyof operations[Op]['responses']]
>;

/** The problem codes one operation documents. */
export type ProblemCodeOf<Op extends OperationId> =
  ProblemsOf<Op> extends { code?: infer Code } ? NonNullable<Code> : never;

/** Every problem code a public operation can answer (the `code` of an FxRatesError). */
export type FxRatesProblemCode = { [Op in OperationId]: ProblemCodeOf<Op> }[OperationId];

/** An operation's JSON request body (POST /api/v1/convert/batch). */
export type BodyOf<Op extends OperationId> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
