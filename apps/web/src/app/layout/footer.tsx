import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../config/support';

// Read once at load: the year does not need to change while the tab is open.
const COPYRIGHT_YEAR = new Date().getFullYear();

/** The footer (part 2 §2 "Shell"): terms and privacy links, contact details and a copyright line. */
export function Footer() {
  const linkClasses = 'hover:text-indigo-600 hover:underline';
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="flex flex-col gap-4 px-4 py-6 text-sm text-slate-600 sm:px-6 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Legal" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to={paths.termsCondition} className={linkClasses}>
            Terms and Conditions
          </Link>
          <Link to={paths.policy} className={linkClasses}>
            Privacy policy
          </Link>
          <Link to={paths.contact} className={linkClasses}>
            Contact us
          </Link>
        </nav>
        <address className="flex flex-wrap gap-x-6 gap-y-2 not-italic">
          <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClasses}>
            {SUPPORT_EMAIL}
          </a>
          <a href={SUPPORT_PHONE.href} className={linkClasses}>
            {SUPPORT_PHONE.text}
          </a>
        </address>
        <p className="text-slate-500">© {COPYRIGHT_YEAR} Publisher Portal. All rights reserved.</p>
      </div>
    </footer>
  );
}
