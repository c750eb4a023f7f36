/** The seeded Monthly plan as `GET /plans` shows it (spec shape): 19.95 a month after a month's trial, with 15.00 recording and 49.00 setup fees. */
export const SEEDED_MONTHLY_PLAN = {
  id: 'monthly',
  name: 'Monthly',
  is_default: true,
  is_active: true,
  amount: 1995,
  additional_charges: { recording_fees: 1500, 'setup fees': 4900 },
  trial_period: { month: 1 },
};
