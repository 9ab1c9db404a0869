export * from './contact.module';
