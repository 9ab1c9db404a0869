/**
 * Rate alerts in the worker: evaluated on each published rates table (RateAlertEvaluator, called by
 * the rates ingestion), the recent values `change` alerts need (RateAlertHistory), and the delivery
 * of each firing by email or webhook (RateAlertDelivery).
 */
export { RateAlertEvaluator, changedCurrencies, type AlertEvaluationReport } from './rate-alert-evaluator';
export { RateAlertDelivery, alertTriggeredEvent } from './rate-alert-delivery';
export { RateAlertHistory } from './rate-alert-history';
