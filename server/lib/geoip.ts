import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isIP } from 'node:net';
import { isAllowedAddress } from './ssrf';

/**
 * IP address to country, offline: the DB-IP "IP to Country Lite" ranges shipped inside the npm
 * package @ip-location-db/dbip-country (CC BY 4.0, attribution to DB-IP.com; docs/server.md). Nothing
 * is downloaded at run time: `npm update @ip-location-db/dbip-country` brings newer data.
 *
 * The ranges (about 356,000 IPv4 and 346,000 IPv6 rows) are read once, at the first lookup, into
 * typed arrays (about 15 MB) and searched by binary search. Private, loopback, link-local, shared,
 * documentation and other reserved addresses answer null without a lookup, as does an address the
 * data does not cover.
 */
export const GEOIP_PACKAGE = '@ip-location-db/dbip-country';

interface V4Table { start: Uint32Array; end: Uint32Array; country: Uint16Array }
interface V6Table { startHi: BigUint64Array; startLo: BigUint64Array; endHi: BigUint64Array; endLo: BigUint64Array; country: Uint16Array }
export interface GeoTable { v4: V4Table; v6: V6Table; codes: string[] }

const MASK64 = (1n << 64n) - 1n;

function dataDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve(`${GEOIP_PACKAGE}/package.json`));
}

/** Lines "start,end,CC" with numeric starts and ends, ascending and not overlapping. */
function rows(text: string, each: (start: string, end: string, code: string) => void): void {
  let at = 0;
  while (at < text.length) {
    let nl = text.indexOf('\n', at);
    if (nl === -1) nl = text.length;
    const line = text.charCodeAt(nl - 1) === 13 ? text.slice(at, nl - 1) : text.slice(at, nl);
    at = nl + 1;
    if (line === '') continue;
    const a = line.indexOf(',');
    const b = line.indexOf(',', a + 1);
    if (a < 0 || b < 0) continue;
    each(line.slice(0, a), line.slice(a + 1, b), line.slice(b + 1).trim().toUpperCase());
  }
}

/** Builds the tables from the two CSV texts of the package (its *-num.csv files). */
export function parseGeoTable(ipv4Csv: string, ipv6Csv: string): GeoTable {
  const codes: string[] = [];
  const index = new Map<string, number>();
  const codeOf = (code: string) => {
    let i = index.get(code);
    if (i === undefined) {
      i = codes.length;
      codes.push(code);
      index.set(code, i);
    }
    return i;
  };
  const count = (text: string) => {
    let n = 1;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
    return n;
  };

  const n4 = count(ipv4Csv);
  const v4: V4Table = { start: new Uint32Array(n4), end: new Uint32Array(n4), country: new Uint16Array(n4) };
  let k = 0;
  rows(ipv4Csv, (s, e, c) => {
    if (!/^[A-Z]{2}$/.test(c)) return;
    v4.start[k] = Number(s);
    v4.end[k] = Number(e);
    v4.country[k] = codeOf(c);
    k++;
  });
  const v4t: V4Table = { start: v4.start.slice(0, k), end: v4.end.slice(0, k), country: v4.country.slice(0, k) };

  const n6 = count(ipv6Csv);
  const v6: V6Table = {
    startHi: new BigUint64Array(n6), startLo: new BigUint64Array(n6),
    endHi: new BigUint64Array(n6), endLo: new BigUint64Array(n6), country: new Uint16Array(n6),
  };
  k = 0;
  rows(ipv6Csv, (s, e, c) => {
    if (!/^[A-Z]{2}$/.test(c)) return;
    const start = BigInt(s);
    const end = BigInt(e);
    v6.startHi[k] = start >> 64n;
    v6.startLo[k] = start & MASK64;
    v6.endHi[k] = end >> 64n;
    v6.endLo[k] = end & MASK64;
    v6.country[k] = codeOf(c);
    k++;
  });
  const v6t: V6Table = {
    startHi: v6.startHi.slice(0, k), startLo: v6.startLo.slice(0, k),
    endHi: v6.endHi.slice(0, k), endLo: v6.endLo.slice(0, k), country: v6.country.slice(0, k),
  };
  return { v4: v4t, v6: v6t, codes };
}

let loading: Promise<GeoTable> | undefined;

/** The package's tables, read at the first call (later calls share the same promise). */
export function loadGeoTable(): Promise<GeoTable> {
  loading ??= (async () => {
    const dir = dataDir();
    const [v4, v6] = await Promise.all([
      readFile(path.join(dir, 'dbip-country-ipv4-num.csv'), 'utf8'),
      readFile(path.join(dir, 'dbip-country-ipv6-num.csv'), 'utf8'),
    ]);
    return parseGeoTable(v4, v6);
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

function ipv4ToNumber(address: string): number {
  const p = address.split('.').map(Number);
  return ((p[0] << 24) >>> 0) + (p[1] << 16) + (p[2] << 8) + p[3];
}

/** The 128-bit value of a valid IPv6 address (an embedded dotted IPv4 tail included). */
function ipv6ToBigInt(address: string): bigint {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = ipv4ToNumber(dotted[1]);
    text = text.slice(0, dotted.index) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(parseInt(g || '0', 16));
  return value;
}

/** Country of the address in the table (no reserved-range check). */
export function lookupIn(table: GeoTable, address: string): string | null {
  const family = isIP(address);
  if (family === 4) {
    const x = ipv4ToNumber(address);
    const { start, end, country } = table.v4;
    let lo = 0;
    let hi = start.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (start[mid] <= x) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found >= 0 && x <= end[found] ? table.codes[country[found]] : null;
  }
  if (family === 6) {
    const x = ipv6ToBigInt(address);
    const xHi = x >> 64n;
    const xLo = x & MASK64;
    const { startHi, startLo, endHi, endLo, country } = table.v6;
    let lo = 0;
    let hi = startHi.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (startHi[mid] < xHi || (startHi[mid] === xHi && startLo[mid] <= xLo)) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) return null;
    const inside = xHi < endHi[found] || (xHi === endHi[found] && xLo <= endLo[found]);
    return inside ? table.codes[country[found]] : null;
  }
  return null;
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d, as dual-stack sockets report IPv4 clients) as IPv4. */
function unmapped(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1] : address;
}

/**
 * ISO 3166-1 alpha-2 code of the country the address is registered in, or null for an address that
 * is not public (private, loopback, link-local, reserved), malformed, or not in the data.
 */
export async function countryOf(address: string): Promise<string | null> {
  const ip = unmapped(address.trim());
  if (isIP(ip) === 0 || !isAllowedAddress(ip)) return null;
  return lookupIn(await loadGeoTable(), ip);
}
