// Small inline icons for the landing's feature cards (no icon font, no emoji font needed).
const common = {
  width: 32,
  height: 32,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const RocketIcon = () => (
  <svg {...common} aria-hidden="true">
    <path d="M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2" />
    <path d="M9 15l-3-3c1-4 4.5-8.5 12-9 .5 7.5-4 11-9 12z" />
    <circle cx="15" cy="9" r="1.6" />
  </svg>
);

export const ShieldIcon = () => (
  <svg {...common} aria-hidden="true">
    <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </svg>
);

export const BoltIcon = () => (
  <svg {...common} aria-hidden="true">
    <path d="M13 2L4 14h7l-1 8 9-12h-7z" />
  </svg>
);
