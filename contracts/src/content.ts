import { z } from 'zod';

/** Contact-page details (fields "not shown" in the spec; designed here). */
export const ContactDetails = z.object({
  phone: z.string().trim().min(7).max(30),
  email: z.email(),
  address: z.string().trim().min(5).max(300),
  hours: z.string().trim().min(3).max(200),
});
export type ContactDetails = z.infer<typeof ContactDetails>;
