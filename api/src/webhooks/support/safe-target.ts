import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a webhook may not reach unless the operator allows private targets: loopback, private networks,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, "this network", multicast and reserved.
 * Otherwise a user could make the server probe its own network (SSRF).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (a dotted IPv4 tail included), or null for anything else. */
const ipv6Bytes = (address: string): number[] | null => {
  if (isIP(address) !== 6) return null;
  let text = address;
  const v4: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    v4.push(...dotted.slice(1, 5).map(Number));
    text = text.slice(0, dotted.index);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const missing = 8 - v4.length / 2 - before.length - after.length;
  const groups = [...before, ...Array<number>(Math.max(0, missing)).fill(0), ...after];
  return [...groups.flatMap((g) => [g >> 8, g & 0xff]), ...v4];
};

const zero = (bytes: readonly number[], from: number, to: number) =>
  bytes.slice(from, to).every((b) => b === 0);
const dottedQuad = (bytes: readonly number[]) => bytes.join('.');

/**
 * The IPv4 address an IPv6 address carries, where the network would deliver it to that IPv4 host (or a
 * translator would): IPv4-compatible (::a.b.c.d), IPv4-mapped (::ffff:a.b.c.d, in any spelling), SIIT
 * (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4 (2002:AABB:CCDD::/16) and
 * Teredo's client (2001:0::/32, inverted). Otherwise `::127.0.0.1` or `2002:7f00:1::` would reach loopback.
 */
const embeddedIpv4 = (bytes: readonly number[]): string | null => {
  const last = bytes.slice(12, 16);
  if (zero(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return dottedQuad(last);
  if (zero(bytes, 0, 12)) return dottedQuad(last);
  if (zero(bytes, 0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zero(bytes, 10, 12))
    return dottedQuad(last);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b)
    return dottedQuad(last);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return dottedQuad(bytes.slice(2, 6));
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0 && bytes[3] === 0)
    return dottedQuad(last.map((b) => b ^ 0xff));
  return null;
};

/** Whether an IP address is one a webhook must not reach by default (IPv4 inside IPv6 is read as IPv4). */
export const isPrivateAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  if (blocked.check(address, 'ipv6')) return true;
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  const v4 = embeddedIpv4(bytes);
  return v4 !== null && blocked.check(v4, 'ipv4');
};

export class BlockedTargetError extends Error {
  constructor(address: string) {
    super(`The address ${address} is private; webhooks are not sent to private networks.`);
  }
}

/**
 * A DNS lookup for the HTTP client that refuses private answers: the check happens on the address the socket
 * connects to, at send time, so a name that resolves to a public address when the webhook is saved and to
 * 127.0.0.1 later (DNS rebinding) is still refused.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = Array.isArray(addresses) ? addresses : [];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) return callback(new BlockedTargetError(bad?.address ?? hostname), '', 0);
    if (options.all) return callback(null, list);
    const first = list[0];
    return callback(null, first?.address ?? '', first?.family ?? 4);
  });
};
