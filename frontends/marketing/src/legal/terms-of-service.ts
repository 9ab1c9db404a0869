import type { LegalContext, LegalSection } from './legal-document';

const paragraphs = (heading: string, ...texts: string[]): LegalSection => ({
  heading,
  blocks: [{ paragraphs: texts }],
});

/** The Terms of Service's sections 1–11. */
export function termsOfServiceSections({ productName, supportEmail }: LegalContext): readonly LegalSection[] {
  return [
    paragraphs(
      '1. Acceptance of Terms',
      `By creating an account, calling the ${productName} API or otherwise using our website and services, you agree to these Terms of Service and to our Privacy Policy. If you use the service on behalf of an organisation, you accept these terms for that organisation and confirm that you are authorised to do so. If you do not agree, do not use the service.`,
    ),
    paragraphs(
      '2. Description of Services',
      `${productName} provides foreign-exchange and cryptocurrency rates through a web application and a REST API: latest and historical rates, currency conversion and related data, together with an account dashboard for managing API keys and subscriptions. We may add, change or remove features to improve the service.`,
    ),
    {
      heading: '3. API Usage and Limitations',
      blocks: [
        {
          paragraphs: [
            'Access to the API requires an API key issued to your account. Your use of the API is limited by the request limits of your plan: the monthly number of requests, the burst rate and the currencies and endpoints your plan includes. Requests above these limits are refused until the limit resets or you upgrade your plan.',
          ],
        },
        {
          paragraphs: ['When using the API you agree that:'],
          bullets: [
            'your API key is personal to your account and must not be shared, published or embedded in code that others can read; you are responsible for all requests made with your keys;',
            'you will not try to circumvent the request limits, for example by creating several free accounts or rotating keys;',
            'you will not resell or redistribute the raw data as a competing rates service without a written agreement with us;',
            'you will not interfere with or disrupt the service, its security or other customers.',
          ],
        },
      ],
    },
    {
      heading: '4. Subscription and Payment',
      blocks: [
        {
          paragraphs: [
            'Paid plans are billed in advance, monthly or annually, in US dollars through our payment provider, and renew automatically until cancelled. A cancellation takes effect at the end of the current billing period; amounts already paid are not refunded unless the law requires it.',
            `Pricing may change with notice: we will announce any change to the price of your plan by email at least 30 days before it applies to your next billing period. Card details are processed by the payment provider and are not stored by ${productName}.`,
          ],
        },
      ],
    },
    paragraphs(
      '5. Data Accuracy',
      'We source rates from reputable providers and show the source and time of every rate. Rates are nonetheless provided for information: they may be delayed, interrupted or differ from the rates at which a bank or exchange will execute a transaction. You are responsible for checking the data before relying on it for trading, accounting or other financial decisions.',
    ),
    paragraphs(
      '6. Intellectual Property',
      `The service, its software, documentation, design and trademarks belong to ${productName} and its licensors. Subject to these terms and to your plan, we grant you a limited, non-exclusive, non-transferable licence to use the API and its data within your own applications. All rights not expressly granted remain ours.`,
    ),
    paragraphs(
      '7. Termination',
      'You may stop using the service and close your account at any time. We may suspend or terminate your access, with notice where reasonable, if you breach these terms, fail to pay, or use the service in a way that puts it or other customers at risk. On termination your API keys stop working; sections that by their nature should survive termination remain in force.',
    ),
    paragraphs(
      '8. Disclaimer of Warranties',
      'The service is provided "as is" and "as available". To the fullest extent permitted by law we disclaim all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose, accuracy and non-infringement, and we do not warrant that the service will be uninterrupted or error-free.',
    ),
    paragraphs(
      '9. Limitation of Liability',
      `To the fullest extent permitted by law, ${productName} is not liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of profits, revenue, data or business opportunities, arising from your use of or inability to use the service. Our total liability for any claim relating to the service is limited to the amount you paid us in the twelve months before the claim arose.`,
    ),
    paragraphs(
      '10. Changes to Terms',
      'We may revise these terms. For material changes we will give registered users at least 30 days notice by email or in the service. By continuing to use the service after the changes take effect you accept the revised terms.',
    ),
    paragraphs(
      '11. Contact Information',
      `Questions about these Terms of Service can be sent to ${supportEmail}.`,
    ),
  ];
}
