import type { InfoPageContent } from './info-content';

const updated = '2025-06-01';

export const privacy: InfoPageContent = {
  path: '/privacy',
  title: 'Privacy Policy',
  lead: 'What Scrivo stores about you, why, who can see it, and how to delete it.',
  description:
    'Scrivo privacy policy: the data we store, how recordings are protected, cookies, retention and your rights.',
  updated,
  sections: [
    {
      heading: 'What we store',
      bullets: [
        'Account details: your name, email address, industry and how you heard about us; your password only as an Argon2id hash.',
        'Recordings you upload or record, and the transcripts made from them.',
        'Support chat messages.',
        'Technical logs (time, request path, status) kept for security and troubleshooting, without recording contents.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'To provide the service: transcribe your recordings, show them to you, send verification and password-reset emails, and answer support requests. We do not sell personal data or use your recordings to train models.',
      ],
    },
    {
      heading: 'Who can see your recordings',
      paragraphs: [
        'Only your account. Support staff can see chat conversations you start, and the plan and minutes used on your account, to help you.',
      ],
    },
    {
      heading: 'Where it is processed',
      paragraphs: [
        'On the server that runs this Scrivo instance. The speech model runs on that server too, unless its operator configures an external speech service. If you use a self-hosted Scrivo, the organisation running it is responsible for your data.',
      ],
    },
    {
      heading: 'Cookies and analytics',
      paragraphs: [
        'Necessary cookies keep you signed in and protect forms. Analytics, marketing and functional cookies are used only after you accept them; see the Cookie Policy.',
      ],
    },
    {
      heading: 'Your rights',
      bullets: [
        'Access and export your data from the Data & privacy page.',
        'Correct your details on the Account page.',
        'Delete recordings at any time, or delete your account and everything in it.',
        'Contact support through the chat with any privacy question.',
      ],
    },
  ],
};

export const terms: InfoPageContent = {
  path: '/terms',
  title: 'Terms of Service',
  lead: 'The rules for using Scrivo, in plain language.',
  description:
    'Scrivo terms of service: accounts, acceptable use, plans and billing, your content, and liability.',
  updated,
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'You need a verified email address to use Scrivo. Keep your password secret; you are responsible for activity on your account.',
      ],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'You own the recordings you upload and the transcripts made from them. You give us permission to store and process them only to provide the service to you. Only upload recordings you have the right to use, and get consent from the people recorded where the law requires it.',
      ],
    },
    {
      heading: 'Acceptable use',
      bullets: [
        'No unlawful content, and no recordings made without legally required consent.',
        'No attempts to access other users’ data or to disrupt the service.',
        'No automated bulk use beyond your plan’s allowance.',
      ],
    },
    {
      heading: 'Plans and billing',
      paragraphs: [
        'Free: $0, 5 minutes a month. Premium: $9.99/month or $4.49/week, 120 minutes a month. Business Pro: $19.99/month or $9.49/week, unlimited. Paid plans renew each period until cancelled; you can cancel anytime and keep your data on the Free plan. Unused minutes do not carry over.',
      ],
    },
    {
      heading: 'Accuracy',
      paragraphs: [
        'Transcripts are produced automatically and can contain errors. Review them before relying on them, especially for legal, medical or financial decisions.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'The service is provided as is. To the extent the law allows, we are not liable for indirect losses or for decisions made on the basis of an unreviewed transcript.',
      ],
    },
  ],
};

export const security: InfoPageContent = {
  path: '/security',
  title: 'Security',
  lead: 'How Scrivo protects your account and your recordings.',
  description:
    'Scrivo security: Argon2id password hashing, httpOnly cookies, CSRF protection, rate limits, per-account access control, self-hosting.',
  sections: [
    {
      heading: 'Accounts',
      bullets: [
        'Passwords are hashed with Argon2id and never stored or logged in plain text.',
        'Email verification with a 6-digit code before an account is active.',
        'Sessions live on the server and are referenced by an httpOnly cookie scripts cannot read.',
        'Rate limits on sign-in, sign-up and password reset slow down guessing attacks.',
      ],
    },
    {
      heading: 'Requests',
      bullets: [
        'Every state-changing request needs a CSRF token, so other sites cannot act on your behalf.',
        'Security headers (content type, framing and referrer policies) are set on every response.',
      ],
    },
    {
      heading: 'Your recordings',
      bullets: [
        'Every read and write checks that the recording belongs to you; another user’s recording answers "not found".',
        'Uploads are checked for type and size (up to 1 GB) before processing.',
        'Deleting a recording removes its audio and transcript.',
      ],
    },
    {
      heading: 'Self-hosting',
      paragraphs: [
        'Run Scrivo on your own infrastructure to keep audio inside your network. The speech model runs on the same server, so nothing has to be sent to a third party.',
      ],
    },
    {
      heading: 'Reporting a vulnerability',
      paragraphs: [
        'Please report security issues privately through the support chat and do not test against other users’ data.',
      ],
    },
  ],
};

export const cookies: InfoPageContent = {
  path: '/cookies',
  title: 'Cookie Policy',
  lead: 'Which cookies and local storage entries Scrivo uses, and how to change your choice.',
  description:
    'Scrivo cookie policy: necessary, analytics, marketing and functional cookies, how consent is stored and how to change it.',
  updated,
  sections: [
    {
      heading: 'Necessary (always on)',
      bullets: [
        'scrivo_session: keeps you signed in (httpOnly).',
        'scrivo_csrf: protects forms against cross-site request forgery.',
        'cookie-consent and cookie-preferences (local storage): remember your cookie choice.',
      ],
    },
    {
      heading: 'Analytics (only with your consent)',
      paragraphs: [
        'Page views and clicks on the main buttons (for example "Get started" and plan buttons) are recorded only after you accept analytics cookies. Before that, nothing is recorded and no analytics script is loaded. If the operator of this server configured an external analytics service, its script is loaded only after you accept.',
      ],
    },
    {
      heading: 'Marketing and functional (only with your consent)',
      paragraphs: [
        'Marketing cookies would measure whether announcements reach people; functional cookies remember conveniences such as your preferred language. Neither is used unless you allow it.',
      ],
    },
    {
      heading: 'Changing your choice',
      paragraphs: [
        'Use the button below or "Cookie settings" in the footer to open your preferences at any time. Clearing your browser’s site data resets the choice and the banner asks again.',
      ],
    },
  ],
};
