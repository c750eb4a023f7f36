/** Who reads an Equity Protect list: a member (its own), an overseer (everyone's), a Provider Admin (its provider's users'). */
export type ListReader = 'member' | 'overseer' | 'provider';

export const listReader = (admin: boolean, provider: boolean): ListReader => (provider ? 'provider' : admin ? 'overseer' : 'member');

/** What an empty Equity Protect list says, in its reader's terms (a Provider Admin imports no recordings). */
export const EMPTY_TEXT: Record<'alerts' | 'enrollments', Record<ListReader, string>> = {
  alerts: {
    member: 'No alerts. When a document is recorded on a property you protect, it appears here at once.',
    overseer: 'No alerts yet. Alerts appear when an imported recording falls on a protected property.',
    provider: 'No alerts for your users yet. When a document is recorded on a property one of them protects, it appears here at once.',
  },
  enrollments: {
    member: 'You do not protect a property yet. Choose “Protect a property” to start.',
    overseer: 'No member protects a property yet.',
    provider: 'None of your users protects a property yet. Choose “Protect a property” beside a user on Provider Users to start.',
  },
};
