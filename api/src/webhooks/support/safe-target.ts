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
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one a webhook must not reach by default (IPv4-mapped IPv6 is read as IPv4). */
export const isPrivateAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
