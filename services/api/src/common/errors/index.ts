/**
 * What went wrong, as the API names it: AppException with its code (the code fixes the status and
 * title), and whether an error is only a client hanging up. No other folder of common/ is below it.
 */
export * from './app-exception';
export * from './client-abort';
