export * from './paypal-client';
export * from './paypal-plan-ids';
export * from './paypal-subscription';
export * from './paypal-sale';
export * from './subscription-judgement';
export * from './subscription-fields';
export * from './paypal.providers';
export * from './paypal-event';
