import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { ContactPage } from './contact-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { TermsPage } from './terms-page';

function renderPage(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

/** Part 2 §9 "Terms limits", phrased so that a bare section number such as "18." cannot satisfy the check. */
const TERMS_FIGURES = [
  '5 percent',
  '45 days',
  '$25',
  '$10',
  '60 days',
  '12 consecutive months',
  '18 years',
  '2 months',
  '1 year',
  '200,000',
  '20 percent',
  '6 hours',
  '3 merchant offers',
  '2 days',
];

describe('TermsPage', () => {
  it('has one title, the last-modified date, 23 numbered sections and 3 schedules', () => {
    renderPage(<TermsPage />);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Publisher Program Terms' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('Last modified September 19, 2013');

    const numbered = screen.getAllByRole('heading', { level: 2, name: /^\d+\. / });
    expect(numbered.map((heading) => heading.textContent?.split('.')[0])).toEqual(
      Array.from({ length: 23 }, (_, index) => String(index + 1)),
    );
    expect(screen.getAllByRole('heading', { level: 2, name: /^Schedule [ABC]: / })).toHaveLength(3);
  });

  it('lists every program figure in section 9', () => {
    renderPage(<TermsPage />);

    const section9 = screen.getByRole('region', { name: '9. Fees, Payments and Program Figures' });
    for (const figure of TERMS_FIGURES) {
      expect(section9).toHaveTextContent(figure);
    }
  });

  it('states the figures where they apply', () => {
    renderPage(<TermsPage />);

    const region = (name: RegExp) => screen.getByRole('region', { name });
    expect(region(/^3\. /)).toHaveTextContent('at least 18 years old');
    expect(region(/^18\. /)).toHaveTextContent('in the 2 months before');
    expect(region(/^20\. /)).toHaveTextContent('less than $25 over 12 consecutive months');
    expect(region(/^22\. /)).toHaveTextContent('2 days after it is posted');
    expect(region(/^23\. /)).toHaveTextContent('within 1 year');
    expect(region(/^Schedule A: /)).toHaveTextContent('at least 3 merchant offers');
    const scheduleB = region(/^Schedule B: /);
    for (const figure of ['200,000', '20 percent', 'at least every 6 hours', 'within 6 hours']) {
      expect(scheduleB).toHaveTextContent(figure);
    }
  });

  it('walks an application from acceptance to active status to discretionary suspension', () => {
    renderPage(<TermsPage />);

    const section4 = screen.getByRole('region', { name: /^4\. / });
    expect(section4).toHaveTextContent(/accept or reject it at our sole discretion/);
    expect(section4).toHaveTextContent(/your account becomes active/);
    expect(section4).toHaveTextContent(/suspend or terminate an active account at any time at our sole discretion/);
  });

  it('has a table of contents whose links point at existing sections', () => {
    const { container } = renderPage(<TermsPage />);

    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    const links = within(toc).getAllByRole('link');
    expect(links).toHaveLength(26);
    for (const link of links) {
      const target = link.getAttribute('href')?.slice(1) ?? '';
      expect(container.querySelector(`[id="${target}"]`)).toBeInTheDocument();
    }
  });

  it('links to the contact page', () => {
    renderPage(<TermsPage />);

    const contactLinks = screen.getAllByRole('link', { name: 'contact page' });
    expect(contactLinks.length).toBeGreaterThan(0);
    for (const link of contactLinks) {
      expect(link).toHaveAttribute('href', '/contact');
    }
  });
});

describe('PrivacyPolicyPage', () => {
  const headings = [
    'Information We Collect',
    'How We Use and Share Information',
    'Data Retention',
    'Cookies and Similar Technologies',
    'Preference-Based Advertising',
    'Security',
    'Third-Party Policies',
    'Sales Sync App',
    'Changes to This Policy',
    'Rights of Users in the European Union',
  ];

  it('shows the title, effective date and the ten sections in order', () => {
    renderPage(<PrivacyPolicyPage />);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('Effective February 6, 2024');
    expect(screen.getAllByRole('region').map((region) => region.querySelector('h2')?.textContent)).toEqual(headings);
  });

  it('states the retention periods, minimum age and EU reply time', () => {
    renderPage(<PrivacyPolicyPage />);

    const retention = screen.getByRole('region', { name: 'Data Retention' });
    expect(retention).toHaveTextContent('Access data is deleted after 24 months');
    expect(retention).toHaveTextContent('kept for up to 5 years');
    expect(screen.getByRole('region', { name: 'Information We Collect' })).toHaveTextContent('children under 16');
    expect(screen.getByRole('region', { name: 'Rights of Users in the European Union' })).toHaveTextContent(
      'within 45 days',
    );
  });

  it('links to the contact page', () => {
    renderPage(<PrivacyPolicyPage />);

    for (const link of screen.getAllByRole('link', { name: 'contact page' })) {
      expect(link).toHaveAttribute('href', '/contact');
    }
  });
});

describe('ContactPage', () => {
  it('shows how to reach support', () => {
    renderPage(<ContactPage />);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@publisher.test' })).toHaveAttribute(
      'href',
      'mailto:support@publisher.test',
    );
    expect(screen.getByRole('link', { name: '+1 (555) 010-2026' })).toHaveAttribute('href', 'tel:+15550102026');
    expect(screen.getByRole('region', { name: 'Mail' }).querySelector('address')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Business hours' })).toHaveTextContent('Monday to Friday');
    expect(screen.getByRole('note')).toHaveTextContent(/include your vendor ID/i);
  });

  it('does not pretend to send a message', () => {
    renderPage(<ContactPage />);

    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
