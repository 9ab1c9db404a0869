import type { LegalContext, LegalSection } from './legal-document';

/** The Privacy Policy's sections. */
export function privacyPolicySections({ productName, supportEmail }: LegalContext): readonly LegalSection[] {
  return [
    {
      heading: '1. Information We Collect',
      blocks: [
        {
          paragraphs: [
            `${productName} collects only the information needed to provide exchange-rate data, operate your account and bill your subscription.`,
          ],
        },
        {
          heading: 'Personal Information',
          paragraphs: [
            'When you register we collect your first and last name, your email address and, if you provide it, your company name. We store a salted, one-way hash of your password, never the password itself.',
          ],
        },
        {
          heading: 'Usage Data',
          paragraphs: [
            'When you or your software call the API we record the API key used, the endpoint, the time of the request, the response status and the number of requests per day. Our servers also log technical data such as IP addresses and browser or client identifiers for security and troubleshooting. The converter on our home page works with an anonymous session token stored in your browser; it does not identify you.',
          ],
        },
        {
          heading: 'Payment Information',
          paragraphs: [
            `Subscriptions are paid through our payment provider (PayPal). Your card details are entered with and processed by the payment provider and are not stored by ${productName}. We receive and keep only the subscription identifier, the plan, the billing cycle, the amount, the payment status and the relevant dates.`,
          ],
        },
      ],
    },
    {
      heading: '2. How We Use Your Information',
      blocks: [
        {
          paragraphs: ['We use the information we collect to:'],
          bullets: [
            'create and secure your account and issue and manage your API keys;',
            'provide the API, measure usage and enforce the request limits of your plan;',
            'process subscriptions, payments and renewals;',
            'answer your support requests and send service notices, such as changes to pricing or to these terms;',
            'detect, investigate and prevent abuse, fraud and security incidents;',
            'understand how the service is used so that we can improve it.',
          ],
        },
        {
          paragraphs: [
            'We do not sell your personal information and we do not use it for third-party advertising.',
          ],
        },
      ],
    },
    {
      heading: '3. Data Sharing and Disclosure',
      blocks: [
        {
          paragraphs: ['We share personal information only in these cases:'],
          bullets: [
            'with service providers who process data on our behalf under contract, such as hosting, email delivery and payment processing, and only as far as they need it to perform their service;',
            'when the law, a court order or a competent authority requires it;',
            'to protect the rights, property or safety of our users, the public or ourselves;',
            'as part of a merger, acquisition or sale of assets, in which case we will tell you before your information becomes subject to a different privacy policy.',
          ],
        },
      ],
    },
    {
      heading: '4. Data Security',
      blocks: [
        {
          paragraphs: [
            'We protect your information with encryption in transit (TLS), hashed passwords and API keys, access controls that limit who can reach production data, and monitoring of our systems. No method of transmission or storage is completely secure, so we cannot guarantee absolute security, but we work to protect your data and will notify you of any breach that affects it as the law requires.',
            'Keep your password and your API keys confidential. Your API key must not be shared: anyone holding it can use your plan and its request allowance.',
          ],
        },
      ],
    },
    {
      heading: '5. Your Rights',
      blocks: [
        {
          paragraphs: ['Depending on where you live, you may have the right to:'],
          bullets: [
            'access the personal information we hold about you and receive a copy of it;',
            'correct information that is inaccurate or incomplete;',
            'ask us to delete your information, subject to the records we must keep by law (for example invoices);',
            'object to or restrict certain processing, and withdraw consent where processing relies on it;',
            'lodge a complaint with your data protection authority.',
          ],
        },
        {
          paragraphs: [
            'You can take your data and delete your account yourself: sign in and open Account Settings, where "Your data" and "Delete account" are the last sections.',
          ],
          bullets: [
            `"Export my data" downloads a file (JSON) of everything ${productName} holds about your account: your profile (name, company, email address, plan, sign-up and sign-in dates, email preferences), your subscriptions, your API keys' details (name, first and last characters, when created and last used, status; never the keys themselves), your daily usage, your payments, the messages you sent us from your account's email address, the quota alerts we sent you, your changes of email address and the links you asked for, and your signed-in sessions. It never contains a password, an API key or a token.`,
            '"Delete account" asks for your password, and your second-factor code if you turned it on. It cancels your PayPal subscription, stops every API key at once, signs you out everywhere, and erases your name, company, email address, password, sessions, API key names, usage, quota alerts, changes of email address and the messages you sent us from that address. We email a confirmation to the address the account had; you can sign up again with it, as a new account. Deletion cannot be undone, so export your data first if you want a copy.',
            "What we keep: the record of your payments and subscriptions (dates, plan, billing period, amount, currency, and PayPal's transaction and subscription identifiers), without your name or email address, because accounting and tax law require records of sales. We keep it as long as that law requires, at most ten years, and use it only for accounting, refunds and disputes. PayPal keeps its own record of your payments under its privacy policy.",
          ],
        },
        {
          paragraphs: [
            `To exercise any of these rights, write to ${supportEmail}. We answer within 30 days.`,
          ],
        },
      ],
    },
    {
      heading: '6. Changes to This Policy',
      blocks: [
        {
          paragraphs: [
            'We may update this Privacy Policy from time to time. When we make material changes we will notify registered users by email or through the service before the changes take effect. The date at the top of this page shows when the policy was last updated.',
          ],
        },
      ],
    },
    {
      heading: '7. Contact Us',
      blocks: [
        {
          paragraphs: [
            `If you have questions about this Privacy Policy or about how ${productName} handles your data, contact us at ${supportEmail}.`,
          ],
        },
      ],
    },
  ];
}
