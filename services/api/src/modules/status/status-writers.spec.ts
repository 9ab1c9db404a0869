import { STATUS_HISTORY_ROUTE, STATUS_ROUTE, statusHistoryWriter, statusWriter } from './status.schemas';

describe('the status answers are written from the schemas the OpenAPI document shows', () => {
  it.each([
    [STATUS_ROUTE.path, STATUS_ROUTE, statusWriter],
    [STATUS_HISTORY_ROUTE.path, STATUS_HISTORY_ROUTE, statusHistoryWriter],
  ])('%s', (_path, route, writer) => {
    expect(writer.schema).toBe(route.schema.ok.body);
  });
});
