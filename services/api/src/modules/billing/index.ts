export * from './billing.module';
export * from './subscription-cancellation.service';
