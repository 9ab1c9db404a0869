/**
 * Batch conversion: POST /api/v1/convert/batch, up to 1,000 rows each converted now, at a day's
 * closes or at a fixing, metered one call per 100 rows.
 */
export { ConvertBatchModule } from './convert-batch.module';
export {
  BATCH_BODY_LIMIT_BYTES,
  callsFor,
  MAX_BATCH_ROWS,
  MAX_REF_LENGTH,
  ROWS_PER_CALL,
} from './batch-body';
