import styled, { useTheme } from 'styled-components';
import { cssVariables } from '../../src/ui/theme';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 12px;
  list-style: none;
  padding: 0;
  margin: 0;
`;
const Swatch = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
const Chip = styled.div`
  height: 48px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
const Meta = styled.div`
  padding: 6px 8px;
  code { font-family: ${({ theme }) => theme.fonts.mono}; }
`;

/** Every colour token of the active theme, with its CSS custom property. */
export function ColorTokens() {
  const theme = useTheme();
  return (
    <Grid aria-label={`${theme.name} theme colours`}>
      {Object.entries(theme.colors).map(([name, value]) => (
        <Swatch key={name}>
          <Chip style={{ background: value }} />
          <Meta>
            <strong>{name}</strong>
            <br />
            <code>{`--color-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`}</code>
            <br />
            <code>{value}</code>
          </Meta>
        </Swatch>
      ))}
    </Grid>
  );
}

/** The type scale, set in the body font. */
export function TypeScale() {
  const theme = useTheme();
  return (
    <div>
      {Object.entries(theme.fontSizes).map(([name, size]) => (
        <p key={name} style={{ fontSize: size, margin: '0 0 8px' }}>
          <code style={{ fontSize: 12, display: 'inline-block', width: 120 }}>{`${name} ${size}`}</code>
          Earn per lead or as a share of sales
        </p>
      ))}
      {Object.entries(theme.fontWeights).map(([name, weight]) => (
        <p key={name} style={{ fontWeight: weight, margin: '0 0 8px' }}>
          <code style={{ fontSize: 12, display: 'inline-block', width: 120, fontWeight: 400 }}>{`${name} ${weight}`}</code>
          Performance Bonus Unlocked!
        </p>
      ))}
    </div>
  );
}

/** Spacing steps, radii and shadows. */
export function SpacingScale() {
  const theme = useTheme();
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      {theme.space.map((px, i) => (
        <div key={i} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <code style={{ width: 140, fontSize: 12 }}>{`--space-${i} ${px}px`}</code>
          <div style={{ width: px, height: 16, background: theme.colors.primary }} />
        </div>
      ))}
      <div style={{ display: 'flex', gap: 16, marginTop: 16 }}>
        {Object.entries(theme.radii).map(([name, r]) => (
          <div key={name} style={{ width: 80, height: 48, borderRadius: r, border: `2px solid ${theme.colors.borderStrong}`, display: 'grid', placeItems: 'center', fontSize: 12 }}>
            {name}
          </div>
        ))}
      </div>
      <div style={{ display: 'flex', gap: 16, marginTop: 16 }}>
        {Object.entries(theme.shadows).map(([name, s]) => (
          <div key={name} style={{ width: 100, height: 56, boxShadow: s, background: theme.colors.surface, display: 'grid', placeItems: 'center', fontSize: 12 }}>
            shadow {name}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The variables as GlobalStyle writes them on :root. */
export function CssVariableList() {
  const theme = useTheme();
  const vars = cssVariables(theme);
  return (
    <pre style={{ fontSize: 12, maxHeight: 360, overflow: 'auto', background: theme.colors.surfaceMuted, padding: 12 }} tabIndex={0} aria-label="CSS custom properties">
      {Object.entries(vars)
        .map(([k, v]) => `${k}: ${v};`)
        .join('\n')}
    </pre>
  );
}
