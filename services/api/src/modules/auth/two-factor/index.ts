export * from './recent-sign-in.guard';
export * from './two-factor.service';
