/**
 * ISO 3166-1 countries with English names, taken from the runtime's ICU data (no file to ship or
 * fetch). Intl also knows a few non-country regions, which are left out.
 */
const NOT_COUNTRIES = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB XK YD YU ZR ZZ'.split(' '),
);

export function isoCountries(): Array<{ code: string; name: string }> {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const out: Array<{ code: string; name: string }> = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code) out.push({ code, name });
    }
  }
  return out;
}
