import type { ReactNode } from 'react';

import { ContactPageLink } from './contact-page-link';
import { LegalDocument, type LegalDate, type LegalSection } from './legal-document';

const EFFECTIVE: LegalDate = { label: 'Effective', isoDate: '2024-02-06', text: 'February 6, 2024' };

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'collection',
    heading: 'Information We Collect',
    paragraphs: ['We collect three kinds of information:'],
    items: [
      'Information you give us: your name, email address, phone number, company and postal address, payment and tax details, the websites and other properties named in your application, and the messages you send to our support team.',
      'Information collected when you use the portal: IP address, browser and device type, the pages you view and the date and time of each visit ("access data").',
      "Information about clicks and sales: when a user clicks sponsored shopping content on a publisher's property we record the time, the referring page, the publisher's vendor ID and any sub IDs, the device type and an approximate location derived from the IP address. Advertisers and merchants tell us which clicks led to sales so we can calculate revenue.",
      'The portal and our website are not intended for children under 16, and we do not knowingly collect information about them. If you believe a child has given us information, tell us and we will delete it.',
    ],
  },
  {
    id: 'use-and-sharing',
    heading: 'How We Use and Share Information',
    paragraphs: [
      'We use information to run publisher accounts and the portal, attribute clicks and sales, calculate and make payments, detect fraud and invalid traffic, answer support requests, send service messages, improve the program and meet our legal obligations.',
      'We do not sell personal information. We share it only:',
    ],
    items: [
      'with advertisers and merchants, limited to the click and sales data needed for attribution and billing; they never receive your bank or tax details;',
      'with service providers that host the portal, process payments or send email for us, under contracts that restrict their use of the data;',
      'with authorities when the law requires it, or when needed to protect the rights and safety of users, publishers or us; and',
      'with a buyer or successor if our business is sold or merged, who must continue to protect the information as this policy describes.',
    ],
  },
  {
    id: 'retention',
    heading: 'Data Retention',
    paragraphs: [
      'We keep personal information only as long as we need it for the purposes above or as the law requires.',
    ],
    items: [
      'Access data is deleted after 24 months.',
      'Emails and other messages you send us are kept for up to 5 years, so we can follow up on questions and payment disputes, and are then deleted.',
      'Account, payment and tax records are kept while your account is open and afterwards for as long as tax and accounting law requires.',
      'Click and sales data is kept as long as needed to settle payments and resolve disputes.',
    ],
  },
  {
    id: 'cookies',
    heading: 'Cookies and Similar Technologies',
    paragraphs: [
      'The portal keeps your session and vendor ID in your browser so that you stay signed in; signing out removes them.',
      'Tracking links use cookies or link parameters to record which publisher a click came from, so that sales can be credited to the right account.',
      'You can block or delete cookies in your browser settings, but parts of the portal and of the tracking may then stop working.',
    ],
  },
  {
    id: 'preference-based-advertising',
    heading: 'Preference-Based Advertising',
    paragraphs: [
      'Most sponsored shopping content is chosen from what a user is searching for, the page being viewed and a general location, not from a profile of the user.',
      'Some advertising partners may use cookies to show ads based on interests inferred from browsing over time. Where the law requires it, they ask for consent first. You can opt out through the choices these partners offer or through the advertising settings of your device or browser.',
    ],
  },
  {
    id: 'security',
    heading: 'Security',
    paragraphs: [
      'We protect information with encrypted connections, hashed passwords, access limited to staff who need it, and monitoring of our systems. No system is completely secure, so keep your password private.',
      <>
        If you think someone has used your account without permission, tell us straight away through our{' '}
        <ContactPageLink />.
      </>,
    ],
  },
  {
    id: 'third-party-policies',
    heading: 'Third-Party Policies',
    paragraphs: [
      "Publishers' properties, merchants' shops and advertisers' pages reached through sponsored links have their own privacy policies. We do not control how they handle information, so please read their policies.",
    ],
  },
  {
    id: 'sales-sync-app',
    heading: 'Sales Sync App',
    paragraphs: [
      'The optional Sales Sync app imports sales and commission data from connected merchant or network accounts into your portal reports.',
      "When you connect an account you allow the app to read order dates, order IDs, order totals and commission amounts for that account. We use this only to show your reports and reconcile payments; the app does not collect shoppers' names or card details.",
      'You can disconnect the app at any time. Data already used for payments is kept as described under Data Retention.',
    ],
  },
  {
    id: 'revisions',
    heading: 'Changes to This Policy',
    paragraphs: [
      'We may revise this policy. The effective date at the top of the page shows when it last changed. We tell account holders about significant changes by email or by a notice in the portal before they take effect.',
    ],
  },
  {
    id: 'eu-rights',
    heading: 'Rights of Users in the European Union',
    paragraphs: [
      'If you are in the European Union or the wider European Economic Area, you may ask to see, correct or delete your personal information, to restrict or object to how we use it, and to receive a copy in a portable format. Where we rely on your consent, you may withdraw it at any time.',
      'We process information to perform our agreement with publishers, for our legitimate interests in preventing fraud and improving the program, with consent where the law requires it, and to meet legal obligations. When information is transferred outside the European Economic Area we use safeguards such as standard contractual clauses.',
      <>
        To use these rights or to make a complaint, write to us through our <ContactPageLink />. We reply to requests
        and complaints from the European Union within 45 days. You may also complain to the data protection authority
        where you live.
      </>,
    ],
  },
];

const INTRO: readonly ReactNode[] = [
  'This policy explains how Publisher Portal handles personal information about the publishers who use the portal, visitors to our website, and the people who click the sponsored shopping content shown through our program.',
];

/** The privacy policy (/policy). */
export function PrivacyPolicyPage() {
  return <LegalDocument title="Privacy Policy" date={EFFECTIVE} intro={INTRO} sections={SECTIONS} />;
}
