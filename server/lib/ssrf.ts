import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Outgoing HTTP(S) requests to addresses chosen by users (affiliate postbacks) without letting them
 * reach the server's own network: loopback, private, link-local (cloud metadata at
 * 169.254.169.254), carrier NAT, multicast and reserved ranges are refused. The check runs on the
 * addresses DNS actually returns, inside the socket's own lookup (so a name that resolves to a
 * public address for a check and a private one for the connection cannot slip through), and again
 * for every redirect.
 */
export class SsrfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SsrfError';
  }
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16],
  ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // ::/96 IPv4-compatible (includes :: and ::1), 2002::/16 6to4 and the NAT64 prefixes embed an
  // IPv4 address a gateway may route to the inside.
  ['::', 96], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['2002::', 16], ['100::', 64], ['2001::', 32],
  ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export interface SsrfPolicy {
  /** Tests only: let requests reach 127.0.0.0/8 and ::1 (every other private range stays refused). */
  allowLoopback?: boolean;
}

/** True when the address may be contacted under the policy. */
export function isAllowedAddress(address: string, policy: SsrfPolicy = {}): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (policy.allowLoopback && loopback.check(address, type)) return true;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d or ::ffff:xxxx:yyyy): judge the IPv4 address. (BlockList
  // itself checks IPv4 addresses against IPv6 rules in mapped form, so no ::ffff:0:0/96 rule.)
  if (type === 'ipv6') {
    const v4 = mappedIpv4(address);
    if (v4) return isAllowedAddress(v4, policy);
  }
  return !blocked.check(address, type);
}

function mappedIpv4(address: string): string | null {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  let normal: string;
  try {
    normal = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(normal);
  if (!hex) return null;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(policy: SsrfPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const refused = addresses.find((a) => !isAllowedAddress(a.address, policy));
      if (refused || addresses.length === 0) {
        return callback(new SsrfError(`refused: ${hostname} resolves to a private or reserved address (${refused?.address ?? 'none'})`), '');
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Checks a URL's scheme and, for an IP literal, its address (names are checked at connection). */
export function checkUrl(raw: string, policy: SsrfPolicy = {}): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SsrfError('refused: not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SsrfError(`refused: scheme ${url.protocol} is not http or https`);
  if (url.username || url.password) throw new SsrfError('refused: credentials in the URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isAllowedAddress(host, policy)) throw new SsrfError(`refused: ${host} is a private or reserved address`);
  if (host === '' || host.toLowerCase() === 'localhost' || host.toLowerCase().endsWith('.localhost')) {
    if (!policy.allowLoopback) throw new SsrfError(`refused: ${host || 'empty host'} is not a public host`);
  }
  return url;
}

/**
 * The check made when an affiliate saves a postback URL (delivery checks again, at connection): the
 * scheme, a literal address, and the addresses the name resolves to now. A name all of whose
 * addresses are private or reserved is refused; a name that does not resolve (yet) is accepted, since
 * DNS may change before delivery, which refuses it then if it must.
 */
export async function checkTarget(raw: string, policy: SsrfPolicy = {}, timeoutMs = 2000): Promise<URL> {
  const url = checkUrl(raw, policy);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return url;
  let addresses: LookupAddress[];
  let timer: NodeJS.Timeout | undefined;
  try {
    addresses = await Promise.race([
      dnsPromises.lookup(host, { all: true }),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('lookup timed out')), timeoutMs);
      }),
    ]);
  } catch {
    return url;
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length > 0 && addresses.every((a) => !isAllowedAddress(a.address, policy))) {
    throw new SsrfError(`refused: ${host} resolves only to private or reserved addresses (${addresses[0].address})`);
  }
  return url;
}

export interface SafeResponse {
  status: number;
  /** The URL that answered (after redirects). */
  url: string;
}

/**
 * GET `raw` with a total time limit, following at most `maxRedirects` redirects, each checked like
 * the first. The body is read (up to 64 KiB) and discarded.
 */
export async function safeGet(raw: string, options: SsrfPolicy & { timeoutMs: number; maxRedirects?: number; userAgent?: string }): Promise<SafeResponse> {
  const deadline = Date.now() + options.timeoutMs;
  let current = raw;
  for (let hop = 0; ; hop++) {
    const url = checkUrl(current, options);
    const res = await requestOnce(url, options, Math.max(1, deadline - Date.now()));
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (hop >= (options.maxRedirects ?? 3)) throw new Error('too many redirects');
      current = new URL(res.location, url).toString();
      continue;
    }
    return { status: res.status, url: url.toString() };
  }
}

function requestOnce(url: URL, policy: SsrfPolicy & { userAgent?: string }, timeoutMs: number): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: guardedLookup(policy) as never,
        headers: { 'user-agent': policy.userAgent ?? 'PublisherPortal-Postback/1.0', accept: '*/*' },
        agent: false,
      },
      (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > 65_536) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? 0, location: res.headers.location });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.on('close', () => clearTimeout(timer));
    req.end();
  });
}
