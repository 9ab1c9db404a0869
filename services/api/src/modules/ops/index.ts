export * from './ops.module';
