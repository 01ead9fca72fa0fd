import { isIPv4, isIPv6 } from 'node:net';

/** The 8 groups of 16 bits of an IPv6 address (zone id dropped), or undefined when not one. */
function ipv6Groups(address: string): number[] | undefined {
  const text = address.replace(/%.*$/u, '');
  if (!isIPv6(text)) return undefined;
  let head = text;
  const tail: number[] = [];
  // An IPv4 tail (`::ffff:192.0.2.1`) is the last two groups.
  const v4 = /:(\d+\.\d+\.\d+\.\d+)$/u.exec(head);
  if (v4 !== null) {
    const [a, b, c, d] = (v4[1] as string).split('.').map(Number) as [
      number,
      number,
      number,
      number,
    ];
    tail.push((a << 8) | b, (c << 8) | d);
    head = `${head.slice(0, v4.index)}:0:0`;
  }
  const halves = head.split('::');
  const parse = (part: string | undefined): number[] =>
    part === undefined || part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16));
  const left = parse(halves[0]);
  const right = parse(halves[1]);
  const groups =
    halves.length === 2
      ? [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
      : left;
  if (tail.length === 2) groups.splice(6, 2, ...tail);
  return groups.length === 8 ? groups : undefined;
}

/**
 * The client a per-client limit counts (connections per address, requests per address,
 * matches per creator without a key): an IPv4 address as it is; an IPv6 address as its
 * network of `ipv6Prefix` bits (`2001:db8:1:2::/64` by default), since one host or home is
 * given a whole /64 and could otherwise take a new address for every request; an IPv4 address
 * mapped into IPv6 (`::ffff:192.0.2.1`) as the IPv4 address. Anything else is kept as given.
 * Every per-client limit goes through this one function.
 * @public
 */
export function clientKey(ip: string, ipv6Prefix = 64): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups === undefined) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  const bits = Math.max(0, Math.min(128, Math.trunc(ipv6Prefix)));
  const masked = groups.map((g, i) => {
    const keep = Math.max(0, Math.min(16, bits - i * 16));
    return keep === 0 ? 0 : g & ((0xffff << (16 - keep)) & 0xffff);
  });
  // Shortest form: the longest run of zero groups (two or more) as `::`.
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (masked[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && masked[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { at: i, length: j - i };
    i = j;
  }
  const hex = masked.map((g) => g.toString(16));
  const text =
    best.at < 0
      ? hex.join(':')
      : `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
  return `${text}/${String(bits)}`;
}
