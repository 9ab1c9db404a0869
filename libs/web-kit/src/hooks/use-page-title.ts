import { useEffect } from 'react';
import { useRuntimeConfig } from '../runtime-config/RuntimeConfigContext';

/** Sets document.title to "{title} | {product}", or the product name alone without a title. */
export function usePageTitle(title?: string): void {
  const { productName } = useRuntimeConfig();
  useEffect(() => {
    document.title = title ? `${title} | ${productName}` : productName;
  }, [title, productName]);
}
