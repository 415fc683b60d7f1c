/** How to reach publisher support: the footer and the Contact us page show the same details. */
export const SUPPORT_EMAIL = 'support@publisher.test';
export const SUPPORT_PHONE = { text: '+1 (555) 010-2026', href: 'tel:+15550102026' } as const;
