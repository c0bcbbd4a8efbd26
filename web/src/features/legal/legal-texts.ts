import type { LegalSection } from './legal-document.tsx';

const CONTACT = 'support@tapewatch.app';

export const NOT_ADVICE =
  'All content on Tapewatch is for informational purposes only. Nothing on this site is investment, financial, legal or tax advice, or a recommendation to buy or sell any security or option. Trading options involves substantial risk of loss; you alone are responsible for your decisions.';

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Informational use only',
    paragraphs: [
      NOT_ADVICE,
      'Market data may be delayed, incomplete or wrong. It is provided "as is", without warranties of any kind, and we are not liable for losses arising from its use.',
    ],
  },
  {
    heading: 'Accounts',
    paragraphs: [
      'You need an account with a confirmed email address for subscriber features. Keep your password secret; you are responsible for activity under your account. Accounts are personal and may not be shared or resold.',
    ],
  },
  {
    heading: 'Subscriptions and payment',
    paragraphs: [
      'The Basic plan is billed monthly in advance through our card payment provider until you cancel. The Free plan costs nothing.',
      'No refunds: all sales are final, including partial months.',
      'You can cancel recurring payments at any time with Manage on your profile page; access continues until the end of the paid period.',
    ],
  },
  {
    heading: 'Acceptable use',
    paragraphs: [
      'Do not scrape, redistribute or resell the data, probe the service for vulnerabilities, or overload it. We may suspend accounts that do.',
    ],
  },
  {
    heading: 'Changes',
    paragraphs: [
      'We may change these terms or the service; the date above shows the latest version. Continued use means you accept the changes.',
    ],
  },
  { heading: 'Contact', paragraphs: [`Questions about these terms: ${CONTACT}.`] },
];

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      "Your username, email address, subscription plan and a hashed password. Payment card details are entered on the payment provider's page and never reach our servers; we keep only the provider's customer and subscription ids.",
    ],
  },
  {
    heading: 'Why we use it',
    paragraphs: [
      'To run your account, send confirmation and password-reset emails, provide the subscriber features you pay for, and answer support requests. We do not sell your data.',
    ],
  },
  {
    heading: 'Cookies and storage',
    paragraphs: [
      "Your session token is kept in your browser's storage; it is needed to log in. Charts and tables need scripts enabled. An advertising conversion tag runs only if one is configured, after a completed subscription.",
    ],
  },
  {
    heading: 'Payments',
    paragraphs: [
      'Subscriptions are processed by our card payment provider under its own privacy policy. No refunds: all sales are final. Cancel recurring payments with Manage on your profile page.',
    ],
  },
  {
    heading: 'Retention and deletion',
    paragraphs: [
      'You can delete your account from the profile page at any time; deleting it cancels an active subscription first and removes your account data, except records we must keep by law.',
    ],
  },
  { heading: 'Information only', paragraphs: [NOT_ADVICE] },
  { heading: 'Contact', paragraphs: [`Privacy questions: ${CONTACT}.`] },
];
