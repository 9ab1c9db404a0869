export * from './status.module';
export { STATUS_HISTORY_ROUTE, STATUS_ROUTE, STATUS_TAG } from './status.schemas';
