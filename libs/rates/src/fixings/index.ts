export * from './fixing-document';
export * from './fixing-signature';
