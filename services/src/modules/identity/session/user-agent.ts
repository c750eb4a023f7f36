/** The longest User-Agent kept on a session: real browsers send about 150 to 300 characters. */
export const USER_AGENT_MAX_LENGTH = 512;

/**
 * The request's User-Agent as a session records it: trimmed, control characters dropped, cut to
 * USER_AGENT_MAX_LENGTH; undefined when absent or blank. It only describes the device to its owner (the sign-in
 * notice); it proves nothing.
 */
export const sessionUserAgent = (header: string | string[] | undefined): string | undefined => {
  const raw = Array.isArray(header) ? header[0] : header;
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = raw?.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, USER_AGENT_MAX_LENGTH).trim();
  return cleaned ? cleaned : undefined;
};
