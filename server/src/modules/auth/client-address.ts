import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address the login throttle counts a client by: an IPv4 address as is (also when it comes
 * IPv4-mapped, `::ffff:192.0.2.1`), an IPv6 address by its /64 network (one subscriber or host
 * usually has a whole /64, so counting single IPv6 addresses would give an attacker 2^64 fresh
 * ones), anything else as it is.
 */
export function throttleAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail (::1.2.3.4) is in the last 32 bits, outside the /64 kept here.
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0);
  const groups = [...headParts, ...Array<string>(8 - width(headParts) - width(tailParts)).fill('0'), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
