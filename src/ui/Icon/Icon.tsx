import type { SVGProps } from 'react';

/** Stroke paths on a 24×24 grid; drawn here so nothing is fetched and every glyph is identical everywhere. */
const paths = {
  close: 'M6 6l12 12M18 6L6 18',
  chevronDown: 'M6 9l6 6 6-6',
  chevronUp: 'M6 15l6-6 6 6',
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  check: 'M5 12l5 5 9-10',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  bell: 'M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20a2 2 0 004 0',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  menu: 'M4 6h16M4 12h16M4 18h16',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM16 16l5 5',
  info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7.5v.5',
  warning: 'M12 3l10 18H2zM12 10v5M12 18v.5',
  error: 'M12 21a9 9 0 100-18 9 9 0 000 18zM9 9l6 6M15 9l-6 6',
  success: 'M12 21a9 9 0 100-18 9 9 0 000 18zM8 12l3 3 5-6',
  upload: 'M12 16V4M7 9l5-5 5 5M4 20h16',
  bookmark: 'M6 3h12v18l-6-5-6 5z',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  pause: 'M8 5v14M16 5v14',
  play: 'M7 5l12 7-12 7z',
  more: 'M5 12h.5M12 12h.5M19 12h.5',
  download: 'M12 4v12M7 11l5 5 5-5M4 20h16',
} as const;

export type IconName = keyof typeof paths;
export const iconNames = Object.keys(paths) as IconName[];

interface IconBaseProps extends Omit<SVGProps<SVGSVGElement>, 'name' | 'path'> {
  size?: number;
  /** When given the icon is announced; otherwise it is decorative and hidden from screen readers. */
  title?: string;
}

/** A named icon, or `path`: the `d` of a glyph of the same 24-unit stroke grid kept by its feature. */
export type IconProps = IconBaseProps & ({ name: IconName; path?: never } | { path: string; name?: never });

export function Icon({ name, path, size = 16, title, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
      {...rest}
    >
      <path d={name ? paths[name] : path} />
    </svg>
  );
}
