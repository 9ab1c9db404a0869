import { CURRENCIES, ErrorCode, planAllowsCurrency } from '@fxrates/domain';
import { AppException } from '../../../common/app-exception';
import { onlyParameters, optionalString } from '../../rates/query-params';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';

/** GET /api/v1/currencies?type=fiat|crypto: the catalogue, marking what the caller's plan includes. */
export const currenciesRoute: PublicRoute = {
  path: `${PUBLIC_API_PREFIX}/currencies`,
  metered: false,
  handle({ query, key, table }) {
    onlyParameters(query, ['type']);
    const type = optionalString(query, 'type');
    if (type !== undefined && type !== 'fiat' && type !== 'crypto') {
      throw new AppException(ErrorCode.ValidationFailed, '"type" must be fiat or crypto.');
    }
    const currencies = CURRENCIES.filter((c) => type === undefined || c.type === type).map(
      ({ iconFile: _webOnlyIcon, flagFile: _webOnlyFlag, ...currency }) => ({
        ...currency,
        inYourPlan: planAllowsCurrency(key.plan, currency.code),
        available: table.perUsd.has(currency.code),
      }),
    );
    return JSON.stringify({ currencies });
  },
};
