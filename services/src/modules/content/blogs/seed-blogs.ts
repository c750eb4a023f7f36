import type { PublishBlogPostBody } from '@acpg/contracts/content';

/** First blog posts, oldest first (the seed publishes them in this order). */
export const SEED_BLOG_POSTS: readonly PublishBlogPostBody[] = [
  {
    slug: 'what-a-natural-hazard-disclosure-report-covers',
    title: 'What a Natural Hazard Disclosure report covers',
    excerpt:
      'Selling a home in California? Here is what an NHD report is, why sellers provide one, and how to keep it from holding up your sale.',
    author: 'ACPG Team',
    body: [
      'When a home in California changes hands, the seller has to tell the buyer whether the property lies in certain natural hazard zones that public agencies have mapped. The Natural Hazard Disclosure (NHD) report is how most sellers gather that information in one document.',
      '## What the report looks at',
      'An NHD report checks one property against the official hazard maps a seller must disclose, such as flood zones, areas at risk of wildfire, and earthquake fault and seismic hazard zones. For each one, it states whether the property is inside the mapped area.',
      '## Who orders it, and when',
      'The seller is responsible for the disclosure, and in practice the listing agent or broker often places the order on the seller’s behalf. Ordering early matters: buyers have time to review the disclosures, and a late report can delay the rest of the transaction.',
      '## What happens after you order',
      'Once the order is paid, the report is prepared and emailed to everyone you add as a recipient, such as the buyer’s agent or the escrow officer. Each recipient can confirm receipt, so you can see at a glance who has the report and who still needs to open it.',
      '## A report is not a substitute for advice',
      'An NHD report tells you what the official maps say about a property. It does not replace a home inspection or advice from your agent, attorney or other qualified professional about what the findings mean for your sale.',
    ].join('\n\n'),
  },
  {
    slug: 'deed-theft-how-it-happens-and-warning-signs',
    title: 'Deed theft: how it happens and the warning signs',
    excerpt:
      'Title fraud targets the ownership of a home rather than the home itself. Learn how it works, which properties are most exposed, and the early signs worth watching for.',
    author: 'ACPG Team',
    body: [
      'Most homeowners lock their doors and insure their homes, but few think about the records that say who owns them. Deed theft, also called title fraud, is when someone forges or fraudulently records a deed to make it look as though they own a property, and then tries to sell it or borrow against it.',
      '## Why it works',
      'Property records are public, so a fraudster can learn a property’s owner, legal description and loan history without much effort. A forged signature on a deed can be enough to start the process, and the real owner may not notice until much later.',
      '## Properties that are more exposed',
      'Homes without a mortgage, vacant or rental properties, and homes whose owners live elsewhere are common targets, because there is less chance that a lender or an occupant will notice a change.',
      '## Warning signs',
      'Watch for mail about a loan you did not take out, a property tax bill that stops arriving or arrives in another name, utility or insurance notices you do not recognise, or someone you do not know showing interest in a property you have not listed.',
      '## What you can do',
      'Check the recorded ownership of your property from time to time, keep your contact details current with your county, and act quickly on anything unusual: contact the county recorder’s office and speak to a real-estate attorney. Equity Protect keeps your verified properties in one place so that watching over them becomes a habit rather than an afterthought.',
    ].join('\n\n'),
  },
  {
    slug: 'preparing-a-property-reimbursement-claim',
    title: 'Preparing a property reimbursement claim',
    excerpt:
      'A complete claim is a faster claim. A short checklist of what to gather before you submit, and what happens after you do.',
    author: 'ACPG Team',
    body: [
      'A reimbursement claim asks us to pay back a covered expense on your property. Most delays come from missing information, so a few minutes of preparation before you submit usually saves days afterwards.',
      '## Before you start',
      'Have your itemised receipts or invoices ready, along with proof of payment. Photos of the problem and of the finished work help reviewers understand what was done and why. Make sure the property on the claim is one of the properties in your account.',
      '## Describe the expense clearly',
      'Say what happened, when it happened and what was done about it. Name the company or person who did the work and give the amount you are claiming. A clear description helps a reviewer reach a decision without coming back to you with questions.',
      '## After you submit',
      'Your claim moves from submitted to under review. The reviewer either approves it or rejects it, with the reason, and approved claims are then paid. You are notified at every step, and you can follow the claim under Property Reimbursement in your account.',
      '## If a claim is rejected',
      'Read the reason given with the decision. If it points to missing or unclear documents, gather what is needed and contact us through the details on our Contact Us page.',
    ].join('\n\n'),
  },
];
