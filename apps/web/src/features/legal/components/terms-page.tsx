import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '../../../config/paths';
import { ContactPageLink } from './contact-page-link';
import { LegalDocument, type LegalDate, type LegalSection } from './legal-document';

const LAST_MODIFIED: LegalDate = { label: 'Last modified', isoDate: '2013-09-19', text: 'September 19, 2013' };

/**
 * Every number in the terms. Section 9 lists them all and the other sections quote the same values,
 * so a change here cannot leave two sections disagreeing.
 */
const FIGURES = {
  maxAdminFee: '5 percent',
  paymentDelay: '45 days',
  minimumPayment: '$25',
  returnedPaymentCharge: '$10',
  disputeWindow: '60 days',
  inactivityPeriod: '12 consecutive months',
  minimumAge: '18 years',
  liabilityPeriod: '2 months',
  claimLimitation: '1 year',
  dailyApiCalls: '200,000',
  trafficIncrease: '20 percent',
  cacheRefresh: '6 hours',
  feedRefresh: '6 hours',
  merchantOffers: '3 merchant offers',
  noticeDelay: '2 days',
} as const;

interface TermsSectionContent {
  readonly title: string;
  readonly paragraphs: readonly ReactNode[];
  /** Numbered clauses, shown as 9.1, 9.2, ... under section 9. */
  readonly items?: readonly ReactNode[];
}

interface ScheduleContent extends TermsSectionContent {
  readonly letter: 'A' | 'B' | 'C';
}

/** Order matters: a section's number is its position in this list, and the text cross-references those numbers. */
const SECTIONS: readonly TermsSectionContent[] = [
  {
    title: 'Scope of These Terms',
    paragraphs: [
      'These terms form a binding agreement between you, the publisher, and the operator of Publisher Portal ("we", "us" or "our"). If you accept them for a company or other organisation, you confirm that you may bind it, and "you" then means that organisation.',
      'Schedules A, B and C are part of these terms. Where a schedule and a numbered section disagree, the schedule prevails on the subject it covers.',
    ],
  },
  {
    title: 'Definitions',
    paragraphs: ['In these terms the following words have the meanings below.'],
    items: [
      '"Sponsored Content" means the shopping results, product listings, merchant offers, text and images we supply through the program that advertisers pay to have shown.',
      '"Property" means a website, application, browser extension or other online channel named in your application or later approved by us.',
      '"Click" means a deliberate selection of Sponsored Content by a user on one of your Properties.',
      '"Net Revenue" means the amount we actually receive from advertisers and merchants for valid Clicks on your Properties, after refunds, chargebacks, credits and amounts held back for Invalid Traffic.',
      '"Vendor ID" means the numeric identifier we give your account and use to attribute Clicks and to prepare your reports.',
      '"Catalog API" and "Data Feeds" mean the programming interface and the files through which we make product and merchant data available to you.',
      '"Invalid Traffic" has the meaning given in Schedule C.',
    ],
  },
  {
    title: 'Eligibility',
    paragraphs: [
      `To take part you must be at least ${FIGURES.minimumAge} old and able to enter into a binding contract under the law that applies to you.`,
      'You may not take part if we have closed an earlier account of yours for breach of these terms, or if taking part would break a law that applies to you or to us.',
    ],
  },
  {
    title: 'Application and Account Status',
    paragraphs: [
      'We review each application individually and may accept or reject it at our sole discretion. We do not have to explain a rejection, and sending an application gives you no right to take part.',
      'When we accept your application your account becomes active, and you may then show Sponsored Content on the Properties we have approved. Only Clicks on approved Properties while your account is active can earn payments.',
      'We may suspend or terminate an active account at any time at our sole discretion, for example when we suspect Invalid Traffic, a breach of these terms, or conduct that could harm users, advertisers, merchants or us. No earnings accrue while an account is suspended, and we may hold amounts under review until the review is complete.',
    ],
  },
  {
    title: 'Your Account and Vendor ID',
    paragraphs: [
      'Keep your sign-in details secret. You are responsible for everything done through your account, and you must tell us straight away if you believe someone else has used it.',
      'Keep the contact, payment and tax details in your account correct and current. We are not responsible for payments that are late or lost because of details you gave us.',
    ],
  },
  {
    title: 'License and Restrictions',
    paragraphs: [
      'While your account is active we give you a limited, non-exclusive, non-transferable and revocable license to show Sponsored Content and to use our tools, the Catalog API and the Data Feeds on your approved Properties, only for the purposes of the program. You may not:',
    ],
    items: [
      'change Sponsored Content except as Schedule A allows;',
      'sell, sublicense or pass Sponsored Content or program data to anyone else;',
      'interfere with tracking, attribution or the pages users reach after a Click;',
      'remove or hide the labels that mark Sponsored Content as advertising; or',
      'use the program to build a product that competes with it.',
    ],
  },
  {
    title: 'Showing Sponsored Content',
    paragraphs: [
      'Show Sponsored Content in line with Schedule A and any reasonable written instructions we give you. It must be clearly marked as advertising and must not look like your own editorial content, your own search results or a personal recommendation.',
      'You are responsible for what appears on your Properties. If we ask you to remove Sponsored Content from a page we consider unsuitable, you must do so promptly.',
    ],
  },
  {
    title: 'Traffic Quality',
    paragraphs: [
      'The program pays only for Clicks made by real people with a genuine interest in an offer. You must not create, buy or encourage Invalid Traffic as described in Schedule C.',
      'We decide whether a Click is valid, using our own systems and information from advertisers. We may withhold, reverse or set off payments for Invalid Traffic, including payments already made.',
    ],
  },
  {
    title: 'Fees, Payments and Program Figures',
    paragraphs: [
      'This section explains how you are paid and lists every figure used in these terms. Where another section or a schedule relies on a number, it is the one stated here.',
    ],
    items: [
      'Revenue share. For each month you earn the share of Net Revenue shown in your account, or otherwise agreed with us in writing, for valid Clicks on your Properties. Payments are made in US dollars by the method selected in your account.',
      `Administrative fee. We may deduct an administrative fee to cover payment processing and program costs. It will never be more than ${FIGURES.maxAdminFee} of the revenue attributed to your account for the month.`,
      `Payment timing. Each month's earnings are paid ${FIGURES.paymentDelay} after the end of that month, once the month's figures are final.`,
      `Minimum payment. We pay only when your unpaid balance is at least ${FIGURES.minimumPayment}. A smaller balance carries over to the next month until it reaches the minimum.`,
      `Returned payments. If a payment comes back because the payment details you gave us are wrong or out of date, we charge ${FIGURES.returnedPaymentCharge} for each returned payment and deduct it from your balance before paying again.`,
      `Payment disputes. Tell us in writing about any disagreement with a payment or a report within ${FIGURES.disputeWindow} after the payment date, or the date the payment was due. After that the payment is final.`,
      `Low-earning accounts. If your account earns less than ${FIGURES.minimumPayment} over ${FIGURES.inactivityPeriod}, we may terminate it under section 20.`,
      <>
        Other figures. These numbers apply elsewhere in these terms:
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>participants must be at least {FIGURES.minimumAge} old (section 3);</li>
          <li>
            our liability is capped at what we paid you in the {FIGURES.liabilityPeriod} before the claim (section 18);
          </li>
          <li>claims must be brought within {FIGURES.claimLimitation} (section 23);</li>
          <li>a notice posted in the portal counts as received after {FIGURES.noticeDelay} (section 22);</li>
          <li>
            at most {FIGURES.dailyApiCalls} Catalog API calls per day, and a traffic increase of more than{' '}
            {FIGURES.trafficIncrease} must be discussed with us first (Schedule B);
          </li>
          <li>
            cached data must be refreshed at least every {FIGURES.cacheRefresh}, and we refresh Data Feeds within{' '}
            {FIGURES.feedRefresh} (Schedule B);
          </li>
          <li>at least {FIGURES.merchantOffers} must be shown for each product (Schedule A).</li>
        </ul>
      </>,
    ],
  },
  {
    title: 'Taxes',
    paragraphs: [
      'You are responsible for all taxes on the amounts you receive. We may ask for tax forms before paying you and may hold payments until we receive them. Where the law requires us to withhold tax, we pay you the amount left after withholding.',
    ],
  },
  {
    title: 'Reports and Records',
    paragraphs: [
      'Reports in the portal are for information and can change while Clicks are being validated. Our final monthly records decide the amount payable. If you believe a report is wrong, raise it within the dispute period in section 9.',
    ],
  },
  {
    title: 'Catalog API and Data Feeds',
    paragraphs: [
      'Using the Catalog API and the Data Feeds is optional and may need separate approval. If you use them you must follow Schedule B, including its call limit and refresh intervals.',
      'API keys are confidential and tied to your Vendor ID. We may change, limit or withdraw endpoints and feed formats, and where practical we give reasonable notice of changes that would break your integration.',
    ],
  },
  {
    title: 'Intellectual Property',
    paragraphs: [
      'We, our advertisers and our merchants keep all rights in the Sponsored Content, trademarks, data and technology made available through the program. Apart from the license in section 6, these terms give you no rights in them.',
      'You may say, accurately, that you take part in the program, but you may not use our name or logo in a way that suggests we endorse you without our written permission.',
    ],
  },
  {
    title: 'Privacy and User Data',
    paragraphs: [
      'Each Property must have a privacy notice that truthfully explains what data is collected when users interact with Sponsored Content, including cookies and similar technologies used by us and our partners, and you must obtain any consent the law requires.',
      <>
        Do not send us personal information such as names or email addresses in links, parameters or sub IDs. How we
        handle personal information is explained in our{' '}
        <Link to={paths.policy} className="text-blue-700 underline hover:text-blue-900">
          Privacy Policy
        </Link>
        .
      </>,
    ],
  },
  {
    title: 'Confidentiality',
    paragraphs: [
      'Information we share with you that is not public, including revenue share rates, reports and API documentation, is confidential. Use it only to take part in the program and do not disclose it unless the law requires you to; if it does, tell us first where you are allowed to.',
    ],
  },
  {
    title: 'Your Promises',
    paragraphs: ['You promise that, for as long as you take part:'],
    items: [
      'you own or have the right to operate each Property;',
      'your Properties and the way you promote them comply with the law;',
      'your Properties do not contain illegal, infringing, hateful, sexually explicit or malicious content; and',
      'the information in your application and account is true and complete.',
    ],
  },
  {
    title: 'Disclaimers',
    paragraphs: [
      'The program, Sponsored Content, reports, the Catalog API and the Data Feeds are provided "as is" and "as available". As far as the law allows, we give no warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not promise any level of revenue, traffic or advertiser demand.',
    ],
  },
  {
    title: 'Limitation of Liability',
    paragraphs: [
      'As far as the law allows, neither party is liable to the other for indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue or data, even if it was told such losses were possible.',
      `Our total liability arising from or relating to these terms is limited to the amounts we paid you in the ${FIGURES.liabilityPeriod} before the event that gave rise to the claim.`,
      'Nothing in these terms limits liability that cannot be limited by law.',
    ],
  },
  {
    title: 'Indemnity',
    paragraphs: [
      'You will defend us, our advertisers and our merchants against claims by third parties, and cover the resulting losses and costs, including reasonable legal fees, where the claim arises from your Properties, your breach of these terms or your breach of the law.',
    ],
  },
  {
    title: 'Term and Termination',
    paragraphs: [
      <>
        These terms apply from the time you apply until your account is closed. You may leave the program at any time by
        removing all Sponsored Content and telling us through our <ContactPageLink />.
      </>,
      `We may terminate your account as described in section 4, and we may also terminate an account that earns less than ${FIGURES.minimumPayment} over ${FIGURES.inactivityPeriod}.`,
      'When your account ends you must stop showing Sponsored Content, stop using the Catalog API and the Data Feeds, and delete any cached data. We pay undisputed earnings for valid Clicks up to the end date under section 9, unless the account was closed for breach or Invalid Traffic. Sections 9 to 11 and 13 to 23 continue to apply after termination.',
    ],
  },
  {
    title: 'Changes to These Terms',
    paragraphs: [
      'We may update these terms. We post each new version in the portal with a new "Last modified" date and give notice of material changes under section 22. If you keep taking part after a change takes effect you accept it; if you do not agree, you must leave the program.',
    ],
  },
  {
    title: 'Notices',
    paragraphs: [
      `We may send notices by email to the address in your account or post them in the portal. An email notice is received when it is sent; a posted notice counts as received ${FIGURES.noticeDelay} after it is posted.`,
      <>
        Send notices to us using the details on our <ContactPageLink />, and include your Vendor ID so we can find your
        account.
      </>,
    ],
  },
  {
    title: 'Disputes and General Terms',
    paragraphs: [
      `Before starting formal proceedings, each party will try in good faith to settle a dispute by contacting the other. Any claim arising from or relating to these terms must be brought within ${FIGURES.claimLimitation} after it arises, or it is permanently barred.`,
      'These terms are the whole agreement about the program and replace any earlier proposals. You may not transfer them without our consent; we may transfer them to an affiliate or a successor. If a provision cannot be enforced, the rest still applies, and not enforcing a provision is not a waiver of it. The parties are independent contractors, and nothing in these terms creates a partnership, agency or employment relationship.',
    ],
  },
];

const SCHEDULES: readonly ScheduleContent[] = [
  {
    letter: 'A',
    title: 'Display Requirements',
    paragraphs: ['This schedule applies wherever you show Sponsored Content.'],
    items: [
      'Label every placement clearly, for example "Sponsored" or "Ads", in text at least as legible as the content around it.',
      `Show at least ${FIGURES.merchantOffers} for each product you display, so users can compare prices. Do not show a product for which fewer offers are available.`,
      'Show the price, merchant name and any shipping or stock information supplied with an offer, without changing it. You may resize images and shorten titles to fit your layout.',
      'Do not put Sponsored Content in pop-ups, pop-unders, windows that cannot be closed, or emails without our written approval.',
      'Do not put Sponsored Content on pages that exist mainly to show ads, or next to content that would break section 16.',
    ],
  },
  {
    letter: 'B',
    title: 'Catalog API and Data Feed Requirements',
    paragraphs: ['This schedule applies when you use the Catalog API or the Data Feeds.'],
    items: [
      `Each account may make up to ${FIGURES.dailyApiCalls} Catalog API calls per day. Calls over the limit may be slowed down or refused.`,
      `If you expect your traffic or call volume to grow by more than ${FIGURES.trafficIncrease}, discuss it with us before the increase so we can plan capacity. We may ask you to roll it out in stages.`,
      `You may cache responses, but you must refresh cached data at least every ${FIGURES.cacheRefresh} and must not show prices or availability older than that.`,
      `We refresh the Data Feeds within ${FIGURES.feedRefresh} of receiving updates from merchants. Load each new feed promptly and remove products and offers that no longer appear in it.`,
      'Use the tracking links returned by the Catalog API or the Data Feeds as supplied, with your Vendor ID. Do not rewrite them or strip their parameters, except with the tools we provide.',
    ],
  },
  {
    letter: 'C',
    title: 'Invalid Traffic',
    paragraphs: [
      'Invalid Traffic is any Click or impression that does not come from a real user acting out of genuine interest. It includes:',
    ],
    items: [
      'Clicks by you, your staff or anyone acting for you, other than by accident;',
      'traffic from bots, scripts, crawlers or click farms;',
      'offering money, points or other rewards for clicking or for visiting pages that carry Sponsored Content;',
      'wording or design that pushes or tricks users into clicking;',
      'traffic bought from sources we have not approved, including redirected, pop-under or automatically refreshed traffic;',
      'software, including browser extensions, that inserts Sponsored Content or changes search settings without the user clearly agreeing; and',
      'hiding the referrer or the true source of traffic.',
    ],
  },
];

const LEGAL_SECTIONS: readonly LegalSection[] = [
  ...SECTIONS.map((section, index) => {
    const number = String(index + 1);
    return {
      id: `section-${number}`,
      heading: `${number}. ${section.title}`,
      paragraphs: section.paragraphs,
      items: section.items,
      clausePrefix: number,
    };
  }),
  ...SCHEDULES.map((schedule) => ({
    id: `schedule-${schedule.letter.toLowerCase()}`,
    heading: `Schedule ${schedule.letter}: ${schedule.title}`,
    paragraphs: schedule.paragraphs,
    items: schedule.items,
    clausePrefix: schedule.letter,
  })),
];

const INTRO: readonly ReactNode[] = [
  'These terms govern your participation in Publisher Portal, a shopping-search affiliate program. Publishers in the program show sponsored shopping content on their own properties and are paid a share of net revenue on a cost-per-click basis.',
  'By applying to the program or taking part in it you agree to these terms, including Schedules A, B and C.',
];

/** The publisher program terms (/termscondition). */
export function TermsPage() {
  return <LegalDocument title="Publisher Program Terms" date={LAST_MODIFIED} intro={INTRO} sections={LEGAL_SECTIONS} />;
}
