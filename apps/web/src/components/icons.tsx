/**
 * The few icons the shell needs, drawn inline: `@ant-design/icons` is not a declared dependency of
 * the web app, only of antd.
 */
const common = {
  width: '1em',
  height: '1em',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" {...common}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function ChevronDownIcon() {
  return (
    <svg viewBox="0 0 24 24" {...common}>
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}
