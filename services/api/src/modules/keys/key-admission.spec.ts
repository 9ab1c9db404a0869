import type { ApiKeyScope } from '@fxrates/domain';
import { resolvedKey } from '../../../test/support/resolved-key';
import { AppException } from '../../common/errors';
import type { ResolvedKey } from './api-key-resolver';
import { assertKeyAdmits } from './key-admission';
import { KeyNetworks } from './key-networks';

const NOW = 1_800_000_000_000;
const key = (overrides: Partial<ResolvedKey> = {}): ResolvedKey =>
  resolvedKey({ keyId: 'k', userId: 'u', plan: 'professional', ...overrides });
const caller = (address?: string, origin?: string) => ({ clientAddress: () => address, headers: { origin } });
const codeOf = (check: () => void): string | undefined => {
  try {
    check();
    return undefined;
  } catch (error) {
    return (error as AppException).code;
  }
};

describe('what a key admits', () => {
  it('checks the secret, then the key, then where the call comes from, then what it asks for', () => {
    const everything = key({
      retiresAt: NOW,
      expiresAt: NOW,
      status: 'disabled',
      networks: new KeyNetworks(['10.0.0.0/8']),
      kind: 'publishable',
      scopes: new Set<ApiKeyScope>(['rates:read']),
    });
    const admit = (k: ResolvedKey) =>
      codeOf(() => assertKeyAdmits(k, 'history:read', NOW, caller('192.0.2.1')));
    expect(admit(everything)).toBe('api-key-rolled');
    expect(admit({ ...everything, retiresAt: NOW + 1 })).toBe('api-key-expired');
    expect(admit({ ...everything, retiresAt: null, expiresAt: NOW + 1 })).toBe('api-key-disabled');
    expect(admit({ ...everything, retiresAt: null, expiresAt: null, status: 'active' })).toBe(
      'ip-not-allowed',
    );
    expect(admit({ ...everything, retiresAt: null, expiresAt: null, status: 'active', networks: null })).toBe(
      'origin-not-allowed',
    );
    expect(admit(key({ scopes: new Set<ApiKeyScope>(['rates:read']) }))).toBe('scope-not-allowed');
    expect(admit(key())).toBeUndefined();
  });

  it('admits a publishable key from its origins only', () => {
    const pk = key({ kind: 'publishable', origins: new Set(['https://shop.example.com']) });
    expect(
      codeOf(() => assertKeyAdmits(pk, 'rates:read', NOW, caller(undefined, 'https://shop.example.com'))),
    ).toBeUndefined();
    expect(
      codeOf(() =>
        assertKeyAdmits(pk, 'rates:read', NOW, caller(undefined, 'https://shop.example.com.evil')),
      ),
    ).toBe('origin-not-allowed');
  });

  it('does not read the address of a key without networks', () => {
    let asked = 0;
    const clientAddress = () => {
      asked++;
      return '192.0.2.1';
    };
    assertKeyAdmits(key(), 'rates:read', NOW, { clientAddress, headers: {} });
    expect(asked).toBe(0);
  });
});
