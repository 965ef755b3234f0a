import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BROWSE_TABS, paths, patterns, REPORT_TYPES } from '../../../src/shared/paths';

describe('portal routes (spec 000 §2, 001 §2, 002 §2)', () => {
  it('writes the static routes as the spec does', () => {
    expect([paths.dashboard, paths.settings, paths.accountBalance, paths.globalPostback, paths.maxmoney, paths.resources, paths.refer, paths.faq, paths.terms, paths.payCompletion]).toEqual([
      '/dashboard', '/settings', '/accountbalance', '/globalpostback', '/maxmoney', '/resources', '/refer', '/faq', '/terms', '/paycompletion',
    ]);
    expect([paths.register, paths.forgot, paths.ottLogin, paths.root]).toEqual(['/register', '/forgot', '/ottlogin', '/']);
  });
  it('builds routes with parameters and query strings', () => {
    expect(paths.campaign(1204)).toBe('/campaign/1204');
    expect(paths.browse()).toBe('/browse');
    expect(paths.browse('recently-viewed')).toBe('/browse/recently-viewed');
    expect(paths.search()).toBe('/search');
    expect(paths.search({ st: 'solar loans', ob: 'date', pn: 1, gr: undefined })).toBe('/search?st=solar+loans&ob=date&pn=1');
    expect(paths.reports()).toBe('/reports');
    expect(paths.reports('subid', { startDate: '2026-11-01', endDate: '2026-11-30' })).toBe('/reports/subid?startDate=2026-11-01&endDate=2026-11-30');
    expect(paths.resetPassword('a b')).toBe('/resetPassword?token=a+b');
    expect(paths.verify(100001, 'x1')).toBe('/verify?i=100001&e=x1');
  });
  it('has router patterns that match the addresses it builds', () => {
    expect(matchPath(patterns.campaign, paths.campaign(1204))?.params).toEqual({ oid: '1204' });
    for (const tab of BROWSE_TABS) expect(matchPath(patterns.browse, paths.browse(tab))?.params.tab).toBe(tab);
    expect(matchPath(patterns.browse, paths.browse())).not.toBeNull();
    for (const type of REPORT_TYPES) expect(matchPath(patterns.reports, paths.reports(type))?.params.type).toBe(type);
    expect(matchPath(patterns.accountBalance, '/accountBalance')).not.toBeNull();
    expect(matchPath(patterns.resetPassword, paths.resetPassword('t').split('?')[0])).not.toBeNull();
  });
});
