import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies } from '../../../server/lib/trustedProxies';

describe('the client address behind trusted proxies', () => {
  const proxies = parseTrustedProxies('10.0.0.0/8, loopback');

  it('is the connection itself when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.5', '198.51.100.1', undefined)).toBe('203.0.113.5');
  });

  it('is the connection itself when it does not come from a trusted proxy (a client writing its own header gains nothing)', () => {
    expect(clientAddress('203.0.113.5', '198.51.100.1', proxies)).toBe('203.0.113.5');
  });

  it('is the address the trusted proxy added (the last entry), not what the client wrote before it', () => {
    expect(clientAddress('10.0.0.2', '1.2.3.4, 198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:10.0.0.2', '198.51.100.1', proxies)).toBe('198.51.100.1');
  });

  it('walks back through a chain of trusted proxies to the first address that is not one', () => {
    expect(clientAddress('127.0.0.1', '1.2.3.4, 198.51.100.1, 10.0.0.9', proxies)).toBe('198.51.100.1');
    expect(clientAddress('127.0.0.1', ['1.2.3.4', '198.51.100.1, 10.0.0.9'], proxies)).toBe('198.51.100.1');
  });

  it('stops at the leftmost hop when every hop is a trusted proxy, and ignores empty entries', () => {
    expect(clientAddress('127.0.0.1', '10.0.0.5, , 10.0.0.9', proxies)).toBe('10.0.0.5');
    expect(clientAddress('127.0.0.1', '', proxies)).toBe('127.0.0.1');
  });
});
