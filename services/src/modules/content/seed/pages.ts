import type { AboutContent, HomeSeed, RichSeed } from './types.ts';

/** Home: one call to action (sign up), what the product does, trust signals that are true of it. */
export const HOME: HomeSeed = {
  title: 'ACPG: home memberships, Equity Protect and NHD reports',
  description: 'Memberships with property reimbursement, Equity Protect title monitoring, and Natural Hazard Disclosure reports ordered online and delivered as PDF.',
  hero: {
    heading: 'Look after your home, the title behind it, and your next sale',
    subheading: 'One account for a home membership with reimbursement claims, Equity Protect monitoring of your property’s recorded title, and Natural Hazard Disclosure reports for California sales.',
    cta_label: 'Get started',
    cta_path: '/authentication/sign-up',
    image_id: null,
  },
  trust: [
    { label: 'Secure card payments', detail: 'Cards are handled by our payment provider; we never store your full card number.' },
    { label: 'Reports delivered as PDF', detail: 'Every recipient you add to an NHD order gets an email with a link to the report as a PDF.' },
    { label: 'Cancel anytime', detail: 'Cancel your membership online; it stays active until the end of the period you paid for.' },
    { label: 'Alerts on new recordings', detail: 'Equity Protect tells you when a new document is recorded against your property.' },
  ],
  sections: [
    {
      heading: 'How it works',
      body_html:
        '<ol><li><strong>Create your account</strong> and verify the properties you own.</li><li><strong>Choose what you need</strong>: a membership plan, Equity Protect for a property, or an NHD report for a sale.</li><li><strong>Follow everything in one place</strong>: orders, alerts, claims and payments, with an email when something changes.</li></ol>',
    },
    {
      heading: 'Who it is for',
      body_html:
        '<p>Homeowners use ACPG to look after what they own. Agents and brokers order NHD reports for the homes they list and send them to buyers, escrow and colleagues in one step.</p>',
    },
  ],
};

export const ABOUT: AboutContent = {
  title: 'About ACPG',
  description: 'Who we are and how we look after homeowners: memberships, Equity Protect title monitoring and NHD reports in one account.',
  heading: 'About us',
  intro: 'We help homeowners and real estate professionals look after property: the home itself, the ownership behind it, and the disclosures that come with selling it.',
  body_html:
    '<h2>What we do</h2><p>We bring together services that are usually spread across different companies: a home membership that reimburses covered property expenses, Equity Protect monitoring of a property’s recorded title, and Natural Hazard Disclosure reports for California sales.</p>' +
    '<h2>How we work</h2><p>We verify who you are and which properties you own before we act on them. Memberships, orders, alerts and claims each have a status you can follow online, and we email you when something changes.</p>' +
    '<h2>What we believe</h2><p>Property protection should be written in plain language, priced openly and easy to cancel. We ask only for the information a service needs, and we say why we ask for it.</p>',
  image_id: null,
};

export const PRIVACY: RichSeed = {
  title: 'Privacy policy',
  description: 'What information ACPG collects, why, how it is protected, and the choices you have.',
  heading: 'Privacy policy',
  intro: 'This policy explains what we collect when you use ACPG, why we collect it, and what you can do about it.',
  body_html:
    '<h2>What we collect</h2><p>Your name, email address, phone number and password when you create an account; the properties you add and the details we use to verify that you own them; your orders, claims and payments. Card details are taken by our payment provider, not stored by us.</p>' +
    '<h2>Why we collect it</h2><p>To provide the services you choose: to verify ownership, monitor recordings for Equity Protect, prepare and deliver NHD reports, review reimbursement claims, take payments and send you notices about them.</p>' +
    '<h2>How we protect it</h2><p>Sign-in takes your password and a one-time code. Passwords are stored only as one-way hashes, and sensitive documents are encrypted when stored.</p>' +
    '<h2>Your choices</h2><p>You can update your contact details in your account at any time. To ask for a copy of your information or for its deletion, contact us through the details on our Contact us page.</p>',
  image_id: null,
};

export const TERMS: RichSeed = {
  title: 'Terms of service',
  description: 'The terms that apply when you use ACPG memberships, Equity Protect, NHD reports and reimbursement claims.',
  heading: 'Terms of service',
  intro: 'These terms apply to your use of ACPG. Please read them before you buy a membership or order a report.',
  body_html:
    '<h2>Your account</h2><p>Keep your sign-in details to yourself and tell us at once if you think someone else has used your account. Add only properties you own or are authorized to act for.</p>' +
    '<h2>Memberships</h2><p>Your membership renews automatically at the end of each monthly or yearly period until you cancel. Cancel online at any time from the Membership page; your membership then stays active until the end of the period you paid for. Reimbursement claims are covered as your plan describes, after its waiting period.</p>' +
    '<h2>Equity Protect</h2><p>Equity Protect watches the public recordings for the properties you enroll and alerts you to new ones. It does not prevent a recording and is not title insurance.</p>' +
    '<h2>NHD reports</h2><p>An NHD report states what official hazard maps show for one property. It is not an inspection and not legal advice.</p>',
  image_id: null,
};

export const ADDITIONAL: RichSeed = {
  title: 'Additional information',
  description: 'Payments, renewals, report delivery and how to reach ACPG.',
  heading: 'Additional information',
  intro: 'Details that apply across our services.',
  body_html:
    '<h2>Payments</h2><p>We take card payments through our payment provider. A receipt is emailed after every payment.</p>' +
    '<h2>Renewals</h2><p>Memberships renew automatically. If a renewal payment fails, we email you and try the card again; you can update your card in your account.</p>' +
    '<h2>Report delivery</h2><p>NHD reports are delivered as PDF: each recipient you name gets an email with a link to open and download the report, and can confirm receipt.</p>',
  image_id: null,
};
