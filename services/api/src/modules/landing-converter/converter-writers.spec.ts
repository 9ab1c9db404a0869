import type { TUnion } from '@sinclair/typebox';
import { CONVERT_ROUTE } from './convert.route';
import { converterWriters } from './convert-response.schema';
import { PAIR_HISTORY_ROUTE, pairHistoryWriter } from './pair-history.route';

describe("the landing converter's answers are written from the schemas the OpenAPI document shows", () => {
  it('GET /api/rates/convert: one writer per form of the answer, each a member of its documented union', () => {
    const documented = (CONVERT_ROUTE.schema.ok.body as TUnion).anyOf;
    expect(documented).toContain(converterWriters.number.schema);
    expect(documented).toContain(converterWriters.string.schema);
  });

  it('GET /api/rates/history', () => {
    expect(pairHistoryWriter.schema).toBe(PAIR_HISTORY_ROUTE.schema.ok.body);
  });
});
