/** Small rules of the management screens' inputs, kept apart from React so they can be tested. */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_KINDS = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** What is wrong with a chosen file before it is sent (the server checks the content too), or null. */
export function imageFileProblem(file: { size: number; type: string }): string | null {
  if (!(IMAGE_KINDS as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image';
  if (file.size > MAX_IMAGE_BYTES) return 'Choose an image of 5 MB or less';
  return null;
}

/** A link's address in rich text: a web address, mailto:, tel: or a path in this site. */
export const LINK_PATTERN = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9()\- ]+|\/(?!\/)[^\s]*)$/i;

/** A blog post's web address from its title: "Spring Home Tips!" → "spring-home-tips". */
export const slugFrom = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
