import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** "contact page", linked to /contact: how the terms and the privacy policy send readers to support. */
export function ContactPageLink() {
  return (
    <Link to={paths.contact} className="text-blue-700 underline hover:text-blue-900">
      contact page
    </Link>
  );
}
