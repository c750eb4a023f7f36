import type { ContentKey } from '@acpg/contracts/content-documents';
import { SEED_BLOG_POSTS } from './blogs.ts';
import { ABOUT, ADDITIONAL, HOME, PRIVACY, TERMS } from './pages.ts';
import type { ContactContent, FaqContent, ServicesContent, SiteContent } from './types.ts';

export const SERVICES: ServicesContent = {
  title: 'Services: memberships, Equity Protect, NHD reports and claims',
  description: 'What ACPG offers: home memberships with reimbursement claims, Equity Protect title monitoring, and NHD reports delivered as PDF.',
  heading: 'Our services',
  intro: 'Start with what you need today. Prices are shown before you pay.',
  items: [
    {
      id: 'membership',
      kind: 'membership',
      name: 'Membership',
      summary: 'A monthly or yearly plan that reimburses covered repairs and inspections on your verified property.',
      body_html:
        '<p>Each plan lists its price, any set-up fee and what it covers before you pay. Covered expenses can be claimed after the plan’s waiting period.</p><ul><li>Monthly or yearly billing</li><li>Cancel online; your plan runs to the end of the paid period</li></ul>',
      cta_label: 'See membership plans',
      image_id: null,
    },
    {
      id: 'equity-protect',
      kind: 'equity-protect',
      name: 'Equity Protect',
      summary: 'Monitoring of the public recordings on your property, with an alert when a new document is recorded.',
      body_html:
        '<p>Deed theft starts with a document recorded at the county. Equity Protect watches the recordings for each property you enroll and alerts you when a new one appears, so you can act early.</p><ul><li>For properties you have verified as yours</li><li>Alerts by email and in your account</li></ul>',
      cta_label: 'Protect my property',
      image_id: null,
    },
    {
      id: 'nhd-report',
      kind: 'nhd-report',
      name: 'NHD report',
      summary: 'A Natural Hazard Disclosure report for a California property, ordered online and delivered as a PDF.',
      body_html:
        '<p>Find the property, choose the report type and add the recipients: the buyer’s agent, escrow, anyone who needs it. Each of them gets an email with a link to the report as a PDF, and you can see who confirmed receipt.</p>',
      cta_label: 'Order an NHD report',
      image_id: null,
    },
    {
      id: 'reimbursement',
      kind: 'reimbursement',
      name: 'Property reimbursement',
      summary: 'Members claim covered expenses on their property online and follow each claim to payment.',
      body_html:
        '<p>Describe the expense, attach your receipts and submit. Your claim is reviewed, approved or declined with a reason, and approved claims are paid out. You get an email at every step.</p>',
      cta_label: 'Start a claim',
      image_id: null,
    },
  ],
};

const faqItem = (id: string, question: string, answer_html: string) => ({ id, question, answer_html });

export const FAQ: FaqContent = {
  title: 'Frequently asked questions',
  description: 'Answers about ACPG memberships, Equity Protect, NHD reports, reimbursement claims, payments and cancellation.',
  heading: 'Frequently asked questions',
  items: [
    faqItem('membership-covers', 'What does a membership cover?', '<p>Each plan lists what it covers, its limits per claim and per year, and its waiting period, on the plan card before you pay. Covered expenses on your verified property can then be claimed online.</p>'),
    faqItem('cancel', 'Can I cancel my membership?', '<p>Yes, online at any time. Your membership stays active until the end of the period you have paid for and is not renewed after that. You can withdraw the cancellation before that date.</p>'),
    faqItem('equity-protect', 'What does Equity Protect do?', '<p>It watches the public recordings for each property you enroll and alerts you when a new document, such as a deed or a loan, is recorded against it. It does not stop a recording and is not title insurance.</p>'),
    faqItem('verify-ownership', 'Why do I need to verify that I own a property?', '<p>So that only the owner follows a property’s recordings and claims on it. You can verify with a code mailed to the property or by sending a deed or tax bill that we review.</p>'),
    faqItem('nhd-what', 'What is an NHD report?', '<p>A Natural Hazard Disclosure report states whether a California property lies in officially mapped hazard zones, such as flood, fire and earthquake zones. Sellers give it to buyers during a sale.</p>'),
    faqItem('nhd-delivery', 'How is an NHD report delivered?', '<p>As a PDF. Every recipient you add to the order gets an email with a link to open and download it, no account needed, and can confirm receipt. You can follow the order in your NHD order list.</p>'),
    faqItem('claim', 'How do I file a reimbursement claim?', '<p>Open Property Reimbursement in your account, describe the expense and attach your receipts. The claim is reviewed and then approved or declined with a reason; approved claims are paid out. We email you at every step.</p>'),
    faqItem('payments', 'How do I pay?', '<p>By card, through our payment provider. We do not store your full card number, and a receipt is emailed after every payment.</p>'),
  ],
};

export const CONTACT: ContactContent = {
  title: 'Contact ACPG',
  description: 'Phone, email and mailing address of ACPG customer support, with our opening hours.',
  heading: 'Contact us',
  intro: 'Questions about a membership, an order or a claim? Our support team answers by phone and email on business days.',
  phone: '(415) 555-0142',
  email: 'support@acpg-homeservices.com',
  address: 'ACPG Customer Support, 600 California Street, Suite 1200, San Francisco, CA 94108',
  hours: 'Monday to Friday, 8 am to 6 pm Pacific',
};

export const SITE: SiteContent = {
  company_name: 'ACPG',
  logo_image_id: null,
  footer_note: 'Memberships, Equity Protect and NHD reports for California homeowners and the professionals who serve them.',
};

/** Every document the seed publishes when it does not exist yet, blog posts oldest first. */
export const SEED_DOCUMENTS: readonly { key: ContentKey; body: unknown }[] = [
  { key: 'site', body: SITE },
  { key: 'home', body: HOME },
  { key: 'about-us', body: ABOUT },
  { key: 'services', body: SERVICES },
  { key: 'faq', body: FAQ },
  { key: 'contact', body: CONTACT },
  { key: 'privacy-policy', body: PRIVACY },
  { key: 'terms-of-service', body: TERMS },
  { key: 'additional-information', body: ADDITIONAL },
  ...SEED_BLOG_POSTS.map((post) => ({ key: `blog.${post.slug}` as const, body: post.body })),
];
