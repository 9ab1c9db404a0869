import { useApi } from '@fxrates/web-kit';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { conversionErrorMessage } from './conversion-error';
import { convertCurrency } from './convert-currency';
import { amountAsDecimal, converterReducer, initialConverterState, unitOfRequest } from './converter-state';
import type { MetalUnit } from '@fxrates/domain';

/** State and actions of the landing converter. */
export function useConverter() {
  const { client, session } = useApi();
  const [state, dispatch] = useReducer(converterReducer, initialConverterState);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const amount = amountAsDecimal(state.amount);
  const { from, to } = state;
  const unit = unitOfRequest(state);

  const convert = useCallback(async () => {
    if (amount === null) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    dispatch({ type: 'conversionStarted' });
    try {
      const response = await convertCurrency(
        { client, session },
        { from, to, amount, unit },
        controller.signal,
      );
      if (!controller.signal.aborted) dispatch({ type: 'conversionSucceeded', response });
    } catch (error) {
      if (!controller.signal.aborted)
        dispatch({ type: 'conversionFailed', message: conversionErrorMessage(error) });
    }
  }, [client, session, from, to, amount, unit]);

  return {
    state,
    canConvert: amount !== null && !state.converting,
    convert,
    setAmount: (value: string) => dispatch({ type: 'amountChanged', amount: value }),
    setFrom: (code: string) => dispatch({ type: 'fromChanged', code }),
    setTo: (code: string) => dispatch({ type: 'toChanged', code }),
    swap: () => dispatch({ type: 'swapped' }),
    setShowCrypto: (showCrypto: boolean) => dispatch({ type: 'showCryptoChanged', showCrypto }),
    setShowMetals: (showMetals: boolean) => dispatch({ type: 'showMetalsChanged', showMetals }),
    setUnit: (value: MetalUnit) => dispatch({ type: 'unitChanged', unit: value }),
  };
}
