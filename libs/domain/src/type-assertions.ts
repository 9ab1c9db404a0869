/** Whether two types are the same type (not merely assignable one way), for type-level tests. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`: `proves<Equal<A, B>>()` fails `npm run typecheck` when A is not B. */
export const proves = <T extends true>(): T | undefined => undefined;
