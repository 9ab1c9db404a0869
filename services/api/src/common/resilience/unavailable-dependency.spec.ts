import { isDatabaseUnreachable } from './unavailable-dependency';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['admin shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['starting up', withCode('the database system is starting up', '57P03')],
    ['connection failure', withCode('connection failure', '08006')],
    ['terminated', new Error('Connection terminated unexpectedly')],
    // node-postgres's pool, waiting past connectionTimeoutMillis for a connection, pooled or new.
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    [
      'wrapped',
      Object.assign(new Error('driver failed'), { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
    ],
  ])('is true for %s', (_, error) => expect(isDatabaseUnreachable(error)).toBe(true));

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
    ['a client hanging up mid-body', withCode('aborted', 'ECONNRESET')],
  ])('is false for %s', (_, error) => expect(isDatabaseUnreachable(error)).toBe(false));
});
