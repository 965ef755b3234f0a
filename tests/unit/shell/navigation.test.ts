import { describe, expect, it } from 'vitest';
import { accountLinks, isCurrent, navLinks } from '../../../src/features/shell/navigation';
import { paths } from '../../../src/shared/paths';

describe('menu links (spec 000 §2)', () => {
  const links = navLinks('https://blog.example.com/');
  it('lists the spec links in order', () => {
    expect(links.map((l) => l.label)).toEqual(['Dashboard', 'Reports', 'Browse', 'Search', 'Referral Program', 'MaxMoney', 'Resources', 'Blog', 'FAQ']);
    expect(links.find((l) => l.id === 'blog')).toMatchObject({ external: true, href: 'https://blog.example.com/' });
    expect(links.find((l) => l.id === 'browse')).toMatchObject({ href: '/browse/new' });
    expect(accountLinks.map((l) => l.href)).toEqual(['/settings', '/accountbalance', '/globalpostback']);
  });
  it('marks Browse current on every tab and never the blog', () => {
    const browse = links.find((l) => l.id === 'browse')!;
    expect(isCurrent(browse, paths.browse('top'))).toBe(true);
    expect(isCurrent(browse, '/BROWSE')).toBe(true);
    expect(isCurrent(links[0], '/dashboardx')).toBe(false);
    expect(isCurrent(links[0], '/dashboard/')).toBe(true);
    expect(isCurrent(links.find((l) => l.id === 'blog')!, '/')).toBe(false);
  });
});
