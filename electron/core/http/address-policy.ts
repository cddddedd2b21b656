import dns from 'node:dns';
import net from 'node:net';
import { PRIVATE_ADDRESS_CODE } from './network-failure';

/*
 * Where a public page (a provider's status page, a public own page) may be fetched from: the public internet
 * only, as Chromium's Private Network Access has it. A page the window names, or a public page's redirect,
 * must not reach this computer's services or the local network (loopback, RFC 1918, unique local, link-local,
 * unspecified, carrier-grade NAT). The check runs on the address the name resolves to, at connect time, so a
 * name that resolves to 127.0.0.1 (DNS rebinding) is refused as a literal one is. The one exception is an
 * address the user typed as this computer (isLoopbackHost: localhost, 127.x, [::1]), for local development:
 * then only this computer, over http or https.
 */

const PRIVATE_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
];
const PRIVATE_V6: ReadonlyArray<readonly [string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
];

const privateRanges = new net.BlockList();
for (const [address, prefix] of PRIVATE_V4) privateRanges.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of PRIVATE_V6) privateRanges.addSubnet(address, prefix, 'ipv6');

/** True for an address outside the public internet; an IPv4-mapped IPv6 address is judged as its IPv4 one. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = net.isIP(address);
  if (family === 4) return privateRanges.check(address, 'ipv4');
  if (family === 6) return privateRanges.check(address, 'ipv6');
  return true;
}

/** The error for a refused address, with node's shape (a `code`) so every client words it alike. */
export function privateAddressError(host: string): Error {
  return Object.assign(new Error(`${host} is on this computer or the local network, which a public page is never fetched from`), {
    code: PRIVATE_ADDRESS_CODE,
  });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A dns.lookup for node:http's `lookup` option that fails for a name resolving to a private address, so the
 * connection is never made. (node:http calls no lookup for an IP literal: check those with isPrivateAddress.)
 */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '');
      return;
    }
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((entry) => isPrivateAddress(entry.address))) {
      callback(privateAddressError(hostname) as NodeJS.ErrnoException, '');
      return;
    }
    if (options.all) callback(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  });
}

/** The hostname of a URL as an address when it is an IP literal ([::1] → ::1), else null. */
export function literalAddressOf(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(host) === 0 ? null : host;
}
