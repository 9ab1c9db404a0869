import type { PlanId } from '@fxrates/domain';

export interface EndpointParameter {
  name: string;
  example: string;
  required: boolean;
  description: string;
}

/** One public endpoint, as the docs describe it and the key tester calls it. */
export interface PublicEndpointDoc {
  id: string;
  /** Path below the public base, e.g. "/rates/rate". */
  path: string;
  summary: string;
  parameters: EndpointParameter[];
  metered: boolean;
  /** The cheapest plan that may call it. */
  plan: PlanId;
}

const from = { name: 'from', example: 'USD', required: true, description: 'Currency to convert from' };
const to = { name: 'to', example: 'EUR', required: true, description: 'Currency to convert to' };
const amount = {
  name: 'amount',
  example: '100',
  required: true,
  description: 'Non-negative decimal, at most 1e15',
};

export const PUBLIC_ENDPOINTS: readonly PublicEndpointDoc[] = [
  {
    id: 'rate',
    path: '/rates/rate',
    summary: 'One exchange rate',
    parameters: [from, to],
    metered: true,
    plan: 'free',
  },
  {
    id: 'rates-convert',
    path: '/rates/convert',
    summary: 'Convert an amount',
    parameters: [from, to, amount],
    metered: true,
    plan: 'free',
  },
  {
    id: 'convert',
    path: '/convert',
    summary: 'Convert an amount (short path)',
    parameters: [from, to, amount],
    metered: true,
    plan: 'free',
  },
  {
    id: 'latest',
    path: '/rates/latest',
    summary: 'Latest rates against a base',
    parameters: [
      { name: 'base', example: 'USD', required: false, description: 'Base currency (default USD)' },
      {
        name: 'symbols',
        example: 'EUR,GBP,INR',
        required: false,
        description: 'Comma-separated codes (default: every currency of your plan)',
      },
    ],
    metered: true,
    plan: 'free',
  },
  {
    id: 'currencies',
    path: '/currencies',
    summary: 'The currency catalogue',
    parameters: [
      { name: 'type', example: 'fiat', required: false, description: 'fiat or crypto (default: both)' },
    ],
    metered: false,
    plan: 'free',
  },
  {
    id: 'usage',
    path: '/usage',
    summary: "This month's quota state",
    parameters: [],
    metered: false,
    plan: 'free',
  },
];

/** "/rates/rate?from=USD&to=EUR" from the given values (or the examples). */
export function endpointUrl(endpoint: PublicEndpointDoc, values: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const parameter of endpoint.parameters) {
    const value = (values[parameter.name] ?? parameter.example).trim();
    if (value !== '') query.set(parameter.name, value);
  }
  const search = query.toString();
  return search ? `${endpoint.path}?${search}` : endpoint.path;
}
