import { Link } from 'react-router-dom';

import { paths } from '../../../config/paths';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../config/support';

const POSTAL_ADDRESS: readonly string[] = [
  'Publisher Portal Support',
  '1200 Commerce Street, Suite 400',
  'Austin, TX 78701',
  'United States',
];

interface OpeningHours {
  readonly days: string;
  readonly hours: string;
}

const BUSINESS_HOURS: readonly OpeningHours[] = [
  { days: 'Monday to Friday', hours: '9:00 a.m. to 6:00 p.m. Central Time' },
  { days: 'Saturday, Sunday and US public holidays', hours: 'Closed' },
];

const cardClassName = 'rounded-lg border border-slate-200 bg-white p-5';
const cardHeadingClassName = 'text-lg font-semibold text-slate-900';
const linkClassName = 'text-blue-700 underline hover:text-blue-900';

/** How to reach publisher support (/contact). */
export function ContactPage() {
  return (
    <div className="max-w-3xl leading-7 text-slate-700">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Contact us</h1>
      <p className="mt-4">
        Questions about your account, payments, reports or tracking links? Our publisher support team is happy to help.
        Email is the quickest way to reach us.
      </p>

      <div role="note" className="mt-6 rounded-lg border-l-4 border-blue-600 bg-blue-50 p-4">
        <p>
          <strong className="font-semibold text-slate-900">Please include your vendor ID</strong> in every message so we
          can find your account straight away. It is shown on your{' '}
          <Link to={paths.myAccount} className={linkClassName}>
            My Account
          </Link>{' '}
          page.
        </p>
      </div>

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="contact-email" className={cardClassName}>
          <h2 id="contact-email" className={cardHeadingClassName}>
            Email
          </h2>
          <p className="mt-2">
            <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClassName}>
              {SUPPORT_EMAIL}
            </a>
          </p>
          <p className="mt-1 text-sm text-slate-500">We reply within one business day.</p>
        </section>

        <section aria-labelledby="contact-phone" className={cardClassName}>
          <h2 id="contact-phone" className={cardHeadingClassName}>
            Phone
          </h2>
          <p className="mt-2">
            <a href={SUPPORT_PHONE.href} className={linkClassName}>
              {SUPPORT_PHONE.text}
            </a>
          </p>
          <p className="mt-1 text-sm text-slate-500">During business hours.</p>
        </section>

        <section aria-labelledby="contact-mail" className={cardClassName}>
          <h2 id="contact-mail" className={cardHeadingClassName}>
            Mail
          </h2>
          <address className="mt-2 not-italic">
            {POSTAL_ADDRESS.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </section>

        <section aria-labelledby="contact-hours" className={cardClassName}>
          <h2 id="contact-hours" className={cardHeadingClassName}>
            Business hours
          </h2>
          <dl className="mt-2 space-y-2">
            {BUSINESS_HOURS.map((entry) => (
              <div key={entry.days}>
                <dt className="font-medium text-slate-900">{entry.days}</dt>
                <dd>{entry.hours}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <p className="mt-8 text-sm text-slate-500">
        See also the{' '}
        <Link to={paths.termsCondition} className={linkClassName}>
          Publisher Program Terms
        </Link>{' '}
        and the{' '}
        <Link to={paths.policy} className={linkClassName}>
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
