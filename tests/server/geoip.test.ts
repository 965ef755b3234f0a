import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countryOf, GEOIP_PACKAGE, loadGeoTable, lookupIn, parseGeoTable } from '../../server/lib/geoip';

/** Rows of the package's own address-form CSV, to check lookups against the data as shipped. */
function shippedRows(file: string, every: number): Array<[string, string, string]> {
  const dir = path.dirname(createRequire(import.meta.url).resolve(`${GEOIP_PACKAGE}/package.json`));
  const lines = readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean);
  const out: Array<[string, string, string]> = [];
  for (let i = 0; i < lines.length; i += every) out.push(lines[i].split(',') as [string, string, string]);
  return out;
}

describe('geoip: IP address to country from the packaged DB-IP Lite data', () => {
  it('finds well-known public ranges (RIPE NCC, WIDE, Hetzner)', async () => {
    expect(await countryOf('193.0.0.1')).toBe('NL');
    expect(await countryOf('2001:200::1')).toBe('JP');
    expect(await countryOf('2a01:4f8::1')).toBe('DE');
    // IPv4 clients of a dual-stack socket appear IPv4-mapped.
    expect(await countryOf('::ffff:193.0.0.1')).toBe('NL');
  });

  it('answers the country of the first and last address of rows sampled from the data', async () => {
    const table = await loadGeoTable();
    const v4 = shippedRows('dbip-country-ipv4.csv', 997);
    expect(v4.length).toBeGreaterThan(300);
    for (const [start, end, cc] of v4) {
      expect(lookupIn(table, start), start).toBe(cc);
      expect(lookupIn(table, end), end).toBe(cc);
    }
    const v6 = shippedRows('dbip-country-ipv6.csv', 997);
    expect(v6.length).toBeGreaterThan(300);
    for (const [start, end, cc] of v6) {
      expect(lookupIn(table, start), start).toBe(cc);
      expect(lookupIn(table, end), end).toBe(cc);
    }
    expect(table.v4.start.length).toBeGreaterThan(100_000);
    expect(table.v6.startHi.length).toBeGreaterThan(100_000);
  });

  it('answers null for private, loopback, link-local, shared, documentation and reserved addresses', async () => {
    for (const a of [
      '127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '192.0.2.1', '198.51.100.7', '203.0.113.9', '224.0.0.1', '255.255.255.255',
      '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '2001:db8::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    ]) {
      expect(await countryOf(a), a).toBeNull();
    }
  });

  it('answers null for what is not an address', async () => {
    for (const a of ['', 'localhost', 'garbage', '1.2.3', '999.1.1.1', '1.2.3.4.5', 'gggg::1']) expect(await countryOf(a), a).toBeNull();
  });

  it('searches ranges exactly at their edges and leaves gaps unknown', () => {
    const table = parseGeoTable(
      ['16777216,16777471,AU', '16777472,16778239,cn', '16779264,16781311,', '3221225985,3221226239,ZZ1', ''].join('\r\n'),
      ['42540528726795050063891204319802818560,42540528726795050063891204319802818560,JP', '42540528726795050063891204319802818562,42540528806023212578155541913346768895,US'].join('\n'),
    );
    expect(lookupIn(table, '0.255.255.255')).toBeNull();
    expect(lookupIn(table, '1.0.0.0')).toBe('AU');
    expect(lookupIn(table, '1.0.0.255')).toBe('AU');
    expect(lookupIn(table, '1.0.1.0')).toBe('CN');
    expect(lookupIn(table, '1.0.3.255')).toBe('CN');
    // A gap between rows, a row without a valid code, and past the last row.
    expect(lookupIn(table, '1.0.4.0')).toBeNull();
    expect(lookupIn(table, '1.0.8.1')).toBeNull();
    expect(lookupIn(table, '200.0.0.1')).toBeNull();
    expect(lookupIn(table, '2001:200::')).toBe('JP');
    expect(lookupIn(table, '2001:200::1')).toBeNull();
    expect(lookupIn(table, '2001:200::2')).toBe('US');
    expect(lookupIn(table, '2001:200:0:0:0:0:0:3')).toBe('US');
    expect(lookupIn(table, '2001:1ff::1')).toBeNull();
  });
});
