import { describe, expect, it } from 'vitest';
import { formatNewsDate, formatPoints } from '../../../src/features/shell/format';
import { isCurrent, navLinks } from '../../../src/features/shell/navigation';

describe('shell formats (spec 000 §4, §9)', () => {
  it('shows news dates as YYYY/MM/DD without a time zone shift', () => {
    expect(formatNewsDate('2026-11-01')).toBe('2026/11/01');
    expect(formatNewsDate('2026-01-31T23:30:00-05:00')).toBe('2026/01/31');
    expect(formatNewsDate('not a date')).toBe('not a date');
  });

  it('shows MaxMoney with two decimals', () => {
    expect(formatPoints(0)).toBe('0.00');
    expect(formatPoints(1234.5)).toBe('1,234.50');
    expect(formatPoints(10.005)).toMatch(/^10\.0[01]$/);
  });
});

describe('menu links (spec 000 §2)', () => {
  const links = navLinks('https://blog.example.com/');
  it('lists the spec links in order', () => {
    expect(links.map((l) => l.label)).toEqual(['Dashboard', 'Reports', 'Browse', 'Search', 'Referral Program', 'MaxMoney', 'Resources', 'Blog', 'FAQ']);
    expect(links.find((l) => l.id === 'blog')).toMatchObject({ external: true, href: 'https://blog.example.com/' });
  });
  it('marks Browse current on every tab and never the blog', () => {
    const browse = links.find((l) => l.id === 'browse')!;
    expect(isCurrent(browse, '/browse/top')).toBe(true);
    expect(isCurrent(links[0], '/dashboardx')).toBe(false);
    expect(isCurrent(links.find((l) => l.id === 'blog')!, '/')).toBe(false);
  });
});
