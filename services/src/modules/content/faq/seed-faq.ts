import type { AddFaqItemBody } from '@acpg/contracts/content';

/** First FAQ items, in display order; Super Admins edit them later from FAQ management. */
export const SEED_FAQ: readonly Omit<AddFaqItemBody, 'position'>[] = [
  {
    question: 'What is included in a membership?',
    answer:
      'A membership is the base of your account. It gives you access to our home services and lets you add Equity Protect and property reimbursement. Each plan lists its price, any set-up fee and any trial period before you pay, and you can see your plan, payments and next renewal date under Membership.',
  },
  {
    question: 'What does Equity Protect do?',
    answer:
      'Equity Protect helps you guard the equity in your home against title fraud and deed theft, where someone tries to transfer or borrow against a property they do not own. You register and verify the properties you own, and they are listed in your account so you can keep watch over each one and act quickly if something looks wrong.',
  },
  {
    question: 'How do you verify that I own a property?',
    answer:
      'After you find your property by its address, we ask a few questions whose answers come from the property’s public record. You also register your face and signature when you create your account, so we can confirm it is really you before acting on a property.',
  },
  {
    question: 'What is a Natural Hazard Disclosure (NHD) report and who needs one?',
    answer:
      'California law requires the seller of a property to disclose whether it lies in certain officially mapped natural hazard zones, such as flood, fire and earthquake zones. An NHD report gathers that information for one property. Sellers, and the agents and brokers who represent them, usually order it early in a sale so buyers receive it in time.',
  },
  {
    question: 'How is an NHD report delivered?',
    answer:
      'When the report is ready it is emailed to every recipient you add to the order. Each recipient can confirm receipt, and you can follow the order’s status from placement and payment through to delivery and confirmation in your NHD Order List.',
  },
  {
    question: 'How do I file a property reimbursement claim?',
    answer:
      'Go to Property Reimbursement in your account, describe the expense and attach your receipts and supporting documents. The claim then moves from submitted to under review, and on to approved or rejected; approved claims are then paid. You are notified each time its status changes.',
  },
  {
    question: 'Can I cancel or change my plan?',
    answer:
      'Yes. Plans renew automatically at the end of each monthly or yearly term until you cancel. Cancel before your next renewal date to avoid the next charge; your membership stays active until the end of the term you have already paid for.',
  },
  {
    question: 'How do you keep my account and information secure?',
    answer:
      'Sign-in takes two steps: your password, then a one-time code sent to your email or phone. Sensitive changes ask for the security PIN you set at sign-up. Passwords are stored only as one-way hashes, and sensitive details such as your face image, signature and mailing address are encrypted when stored. Our Privacy Policy has the details.',
  },
];
