/** The Ensaya wordmark: an answer sheet with a tick, and the name. Drawn for Ensaya. */
export function Logo({ height = 32 }: { height?: number }) {
  return (
    <svg
      className="logo"
      role="img"
      aria-label="Ensaya"
      viewBox="0 0 150 40"
      height={height}
      width={(height * 150) / 40}
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x="1" y="2" width="36" height="36" rx="9" fill="#1d4ed8" />
      <path d="M11 9h11l6 6v15a2 2 0 0 1-2 2H11a2 2 0 0 1-2-2V11a2 2 0 0 1 2-2z" fill="#fff" />
      <path d="M22 9v6h6" fill="#c7d2fe" />
      <path
        d="M13 22l3.5 3.5L24 18"
        fill="none"
        stroke="#f59e0b"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text
        x="45"
        y="29"
        fill="currentColor"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontSize="25"
        fontWeight="700"
        letterSpacing="-0.5"
      >
        Ensaya
      </text>
    </svg>
  );
}
