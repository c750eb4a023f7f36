import { isIPv4, isIPv6 } from 'node:net';

/** The 8 16-bit groups of an IPv6 address (a zone id dropped, a dotted IPv4 tail read as two groups); null if it is not one. */
const ipv6Groups = (address: string): number[] | null => {
  let text = address.split('%')[0] ?? '';
  if (!isIPv6(text)) return null;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  const groups = [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
};

/**
 * Whom a rate limit counts, by address: an IPv4 address as it is; an IPv6 address by its /64 prefix (`2001:db8:1:2::/64`),
 * since one host is handed a whole /64 and could otherwise send from a fresh address each time; an IPv4-mapped IPv6
 * address (`::ffff:1.2.3.4`, a dual-stack socket's IPv4 client) as the IPv4 address. Anything else is kept as given.
 * The address is `request.ip`, so the app's TRUST_PROXY decides whether a proxy's X-Forwarded-For is believed.
 */
export const addressKey = (address: string): string => {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
};

/** The rate-limit key of a request by its address (see `addressKey`): the default of every route's `config.rateLimit`. */
export const clientKey = (request: { ip: string }): string => addressKey(request.ip);

/** A signed-in caller's account, else the address's key: for routes limited per account. */
export const accountOrClientKey = (request: { ip: string; principal?: { userId: string } | null }): string =>
  request.principal?.userId ?? addressKey(request.ip);
