import { isIPv6 } from 'node:net';

/**
 * What counts as one address: an IPv4 address, or an IPv6 /64 — one household or server is handed
 * a whole /64, so counting single IPv6 addresses would give an attacker billions of fresh ones.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // A dotted IPv4 tail (::ffff:1.2.3.4 aside) takes two groups; only the first four groups matter.
  const missing = 8 - left.length - right.length - (right.at(-1)?.includes('.') ? 1 : 0);
  const groups = ip.includes('::') ? [...left, ...Array<string>(missing).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g.includes('.') ? g : String(parseInt(g, 16).toString(16))))
    .join(':')}::/64`;
}
