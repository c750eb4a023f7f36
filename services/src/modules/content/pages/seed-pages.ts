import type { PublishPageContentBody } from '@acpg/contracts/content';

/** First content of the public pages; Super Admins edit it later from the management screens. */
export const SEED_PAGES: readonly PublishPageContentBody[] = [
  {
    slug: 'home',
    title: 'Protect your home, your equity and your next sale',
    intro:
      'One account for the things that keep a property safe and a sale on track: a home-services membership, Equity Protect for your ownership, Natural Hazard Disclosure reports for California sales, and a straightforward way to claim property reimbursements.',
    sections: [
      {
        heading: 'Memberships',
        body: 'Choose a monthly or yearly plan that fits your home. Your membership is the base for every other service in your account, and you can see its status, renewal date and payments at any time under Membership.',
      },
      {
        heading: 'Equity Protect',
        body: 'For most families, the equity in their home is their largest asset. Equity Protect is built to help you guard it against title fraud and deed theft: register and verify the properties you own, and keep them in one place where any change in their status is visible to you.',
      },
      {
        heading: 'Natural Hazard Disclosure reports',
        body: 'Selling in California? Sellers must tell buyers whether a property lies in certain officially mapped natural hazard zones. Order an NHD report online, add the people who should receive it, and follow the order from placement to delivery.',
      },
      {
        heading: 'Property reimbursement',
        body: 'When a covered expense comes up, submit a reimbursement claim with your documents and track it as it moves through review, decision and payment. You are notified each time its status changes.',
      },
      {
        heading: 'For homeowners and the professionals who serve them',
        body: 'Homeowners, agents, brokers and owners each get a view suited to their work, and providers manage their own team members from a separate administration area.',
      },
    ],
  },
  {
    slug: 'about-us',
    title: 'About us',
    intro:
      'We help homeowners and real-estate professionals look after property: the home itself, the ownership behind it, and the paperwork that comes with selling it.',
    sections: [
      {
        heading: 'What we do',
        body: 'We bring together services that are usually scattered across different companies: home-services memberships, protection of a homeowner’s equity against title fraud and deed theft, Natural Hazard Disclosure reports for California property sales, and property reimbursement claims.',
      },
      {
        heading: 'Who we serve',
        body: 'Homeowners use our services to look after what they own. Agents, brokers and owners use them to prepare sales and keep their clients informed. Provider organisations use them to manage the people on their teams.',
      },
      {
        heading: 'How we work',
        body: 'We verify who you are and which properties you own before we act on them, because protecting ownership starts with knowing the owner. Orders, claims and memberships each have a clear status that you can follow online, and we tell you when something changes.',
      },
      {
        heading: 'What we believe',
        body: 'Property protection should be written in plain language, priced openly and easy to cancel. We ask only for the information a service needs, and we explain why we ask for it.',
      },
    ],
  },
  {
    slug: 'services',
    title: 'Our services',
    intro: 'Everything we offer, in one account. Start with a membership and add the services you need.',
    sections: [
      {
        heading: 'Membership plans',
        body: 'Monthly and yearly plans, each showing its price, any set-up fee and any trial period before you pay. Plans renew automatically until you cancel, and your renewal date is always shown in your account.',
      },
      {
        heading: 'Equity Protect',
        body: 'Search for your property, confirm that you are the owner by answering questions drawn from its public record, and add it to Equity Protect. Verified properties are listed in your account so you can keep watch over the ownership of each one and act quickly if something looks wrong.',
      },
      {
        heading: 'Natural Hazard Disclosure (NHD) reports',
        body: 'An NHD report shows whether a California property lies in the natural hazard zones a seller must disclose, such as flood, fire and earthquake zones. Place an order, pay online, and the report is emailed to every recipient you name. Each recipient can confirm receipt, and you can follow every step of the order as it happens.',
      },
      {
        heading: 'Property reimbursement',
        body: 'Submit a claim for a covered expense, attach your receipts and documents, and follow it from submission through review to a decision and payment. If a claim is not approved, the decision tells you why.',
      },
      {
        heading: 'For agents, brokers and owners',
        body: 'Order NHD reports for the properties you list or sell, keep the reports and their recipients together, and see the status of every order from one list.',
      },
      {
        heading: 'For providers',
        body: 'Provider organisations manage their own users: invite team members, assign their access and remove it when someone leaves.',
      },
    ],
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    intro:
      'This policy explains what personal information we collect when you use our website and services, why we collect it, how we protect it and the choices you have.',
    sections: [
      {
        heading: 'Information we collect',
        body: 'Account details (name, email address, phone number and password); the properties you look up, verify or order reports for; the face image and signature you register at sign-up to confirm your identity; your mailing address; the beneficiaries you name; the orders, claims and documents you submit; and basic records of how you use the site, such as the pages and buttons you use, with an approximate location only if your browser allows it.',
      },
      {
        heading: 'How we use it',
        body: 'To create and secure your account, verify your identity and your ownership of a property, provide the services you sign up for, take payments, deliver NHD reports to the recipients you name, process reimbursement claims, send you one-time codes and service messages, and improve the website.',
      },
      {
        heading: 'Payments',
        body: 'Card payments are handled by our payment provider. Your card number goes directly to that provider; we keep only what we need to show your payment history, such as the amount, date and status of each payment.',
      },
      {
        heading: 'How we protect it',
        body: 'All traffic to the site is encrypted in transit. Passwords are stored only as one-way hashes, and sensitive details such as your face image, signature, phone number, mailing address and beneficiaries are encrypted when stored. Access inside our organisation is limited to the people who need it to provide the service.',
      },
      {
        heading: 'When we share it',
        body: 'We share information only to provide the services you ask for (for example, sending an NHD report to the recipients you name), with service providers who process it on our behalf, or when the law requires it. We do not sell your personal information.',
      },
      {
        heading: 'Your choices and how to reach us',
        body: 'You can review and update your profile in your account at any time. To ask for a copy of your information, to correct it or to have it deleted, write to us using the details on our Contact Us page. We will update this policy when our practices change and show the date of the latest version on this page.',
      },
    ],
  },
  {
    slug: 'additional-information',
    title: 'Additional information',
    intro: 'Practical details about accounts, renewals, reports and claims that are useful to know before you start.',
    sections: [
      {
        heading: 'Signing in securely',
        body: 'Signing in takes two steps: your password, then a one-time code sent to your email or your phone, whichever you choose. Codes expire after 10 minutes and work once. For sensitive changes, such as updating your beneficiaries, we ask for the security PIN you set at sign-up.',
      },
      {
        heading: 'Membership renewals',
        body: 'Plans renew at the end of each monthly or yearly term at the renewal price shown when you chose the plan. You can see your next renewal date under Membership and cancel before it to stop the next charge.',
      },
      {
        heading: 'NHD report delivery',
        body: 'When your report is ready it is emailed to every recipient on the order. Each recipient can confirm receipt, and the order shows who has and has not confirmed, so you know the disclosure reached everyone it needed to.',
      },
      {
        heading: 'Reimbursement claims',
        body: 'A claim moves from submitted to under review, and then to approved or rejected; approved claims are then paid. Attaching clear receipts and documents when you submit is the best way to avoid delays.',
      },
      {
        heading: 'Getting help',
        body: 'Answers to common questions are on our FAQ page. For anything else, including a problem with an order, a claim or your account, use the details on our Contact Us page and include your order or claim number if you have one.',
      },
    ],
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of Service',
    intro:
      'These terms are the agreement between you and ACPG when you create an account, buy a membership, Equity Protect or an NHD report, or submit a claim. They are written to be read: if anything here is unclear, contact us before you pay. Version of November 28, 2026.',
    sections: [
      {
        heading: 'Your account',
        body: 'You must be at least 18 and give true details about yourself. Keep your password and security PIN to yourself; you are responsible for what is done with your account. We may ask you to confirm your email, phone number or ownership of a property before we act on it.',
      },
      {
        heading: 'What you pay and when',
        body: 'Every price is shown in US dollars before you pay, with each fee named and what it is for, the amount charged today, and for a membership the date and amount of the next charge. We charge only what the payment screen showed you; a promo code lowers the amount shown before you pay. If you believe a charge was wrong, contact us: a refund is made to the card that paid.',
      },
      {
        heading: 'Automatic renewal of memberships',
        body: 'A membership renews automatically at the end of each term (every month for Monthly, every year for Yearly) and is charged to the card you saved, at the renewal price shown when you joined or when you switched plans, until you cancel. A free trial turns into a paid term on the date shown when you joined unless you cancel before that date. If a renewal payment fails, we tell you and try again 3 and 7 days later; if it still fails, the membership is past due and ends 7 days later unless you update your card, which charges the renewal at once.',
      },
      {
        heading: 'How to cancel',
        body: 'Cancel online at any time: open Membership in your account, choose Manage, then Cancel membership. You can also ask us through the Contact Us page. Cancelling stops the next renewal: nothing more is charged, and you keep your membership until the end of the term you already paid for. You can resume a cancelled membership before that date.',
      },
      {
        heading: 'Equity Protect, NHD reports and claims',
        body: 'Equity Protect watches recorded documents for the properties you verified and tells you when one appears; it does not stop a document from being recorded and is not title insurance. It lasts for the year you paid for and does not renew by itself. An NHD report discloses the natural hazard zones on official maps for a California property on the day it is made. A reimbursement claim is paid only for an expense your plan covers, within its waiting period and limits, with the documents we ask for; every decision is explained to you.',
      },
      {
        heading: 'Changes to these terms and contact',
        body: 'If we change these terms, we publish the new version here with its date; a change never applies to a payment you have already made. Questions about these terms, a charge or a cancellation: use the details on our Contact Us page.',
      },
    ],
  },
];
