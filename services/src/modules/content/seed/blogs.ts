import type { BlogContent } from './types.ts';

/** The first two posts, oldest first. */
export const SEED_BLOG_POSTS: readonly { slug: string; body: BlogContent }[] = [
  {
    slug: 'what-a-natural-hazard-disclosure-report-covers',
    body: {
      title: 'What a Natural Hazard Disclosure report covers',
      description: 'What an NHD report is, why California sellers provide one, and how to keep it from holding up a sale.',
      heading: 'What a Natural Hazard Disclosure report covers',
      excerpt: 'Selling a home in California? Here is what an NHD report is, why sellers provide one, and how to keep it from holding up your sale.',
      author: 'ACPG Team',
      image_id: null,
      body_html:
        '<p>When a home in California changes hands, the seller has to tell the buyer whether the property lies in natural hazard zones that public agencies have mapped. The Natural Hazard Disclosure (NHD) report gathers that information in one document.</p>' +
        '<h2>What the report looks at</h2><p>It checks one property against the official maps a seller must disclose, such as flood zones, very high fire hazard severity zones, and earthquake fault and seismic hazard zones, and states for each whether the property is inside the mapped area.</p>' +
        '<h2>Who orders it, and when</h2><p>The seller is responsible for the disclosure; the listing agent often places the order for them. Order early, so buyers have time to review it.</p>' +
        '<h2>After you order</h2><p>Once the order is paid, everyone you add as a recipient gets an email with a link to the report as a PDF, and each can confirm receipt.</p>' +
        '<blockquote>An NHD report says what the official maps show. It does not replace an inspection or advice from your agent or attorney.</blockquote>',
    },
  },
  {
    slug: 'deed-theft-how-it-happens-and-warning-signs',
    body: {
      title: 'Deed theft: how it happens and the warning signs',
      description: 'How title fraud works, which homes are most exposed, and the early signs worth watching for.',
      heading: 'Deed theft: how it happens and the warning signs',
      excerpt: 'Title fraud targets the ownership of a home rather than the home itself. How it works, which properties are most exposed, and the signs worth watching for.',
      author: 'ACPG Team',
      image_id: null,
      body_html:
        '<p>Deed theft, also called title fraud, is when someone forges or fraudulently records a deed so that it looks as though they own a property, then tries to sell it or borrow against it.</p>' +
        '<h2>Homes that are more exposed</h2><p>Homes without a mortgage, vacant or rented homes, and homes whose owners live elsewhere, because fewer people would notice a change.</p>' +
        '<h2>Warning signs</h2><ul><li>Mail about a loan you did not take out</li><li>A property tax bill that stops arriving, or arrives in another name</li><li>Notices from a utility or insurer you do not recognize</li></ul>' +
        '<h2>What you can do</h2><p>Check the recordings on your property, and act quickly on anything unusual: contact the county recorder and a real estate attorney. Equity Protect watches the recordings for you and alerts you when a new document is recorded.</p>',
    },
  },
];
