// The colours of the course's elements, as --pool-* custom properties: one light and one dark
// set, both AA (every text colour 4.5:1 or more on the surfaces it sits on). Each property is
// light-dark(light, dark), so an element follows the colour scheme of the page it sits in (its
// computed color-scheme, inherited), not the visitor's system setting: on a page that declares
// `color-scheme: light dark` that is the system's choice, on one that declares neither, light.
// color-scheme="light" or "dark" on the element pins one. The sets sit on :host, where a page
// that sets one of them on the element wins, and where a host rule such as `* { all: unset }`
// cannot reach (`all` leaves custom properties alone).

const LIGHT = {
  surface: '#ffffff',
  text: '#1a1c20',
  muted: '#4a515e',
  cell: '#eef1f5',
  'cell-border': '#b9c1cd',
  accent: '#1d4ed8',
  'on-accent': '#ffffff',
  highlight: '#d6e4ff',
  // The far end of the value scale: cells shade from --pool-cell (the smallest value) towards
  // it (the largest); text and muted text stay AA on either end.
  scale: '#c5d6f2',
  pad: '#f7f8fa',
  extra: '#8a4b00',
  good: '#135230',
  'error-surface': '#fdecec',
  'error-text': '#8a1c1c',
};

const DARK = {
  surface: '#15171c',
  text: '#e9ebf0',
  muted: '#b3b9c5',
  cell: '#252a34',
  'cell-border': '#566072',
  accent: '#8ab4ff',
  'on-accent': '#10131a',
  highlight: '#24427a',
  scale: '#2a4068',
  pad: '#1b1e25',
  extra: '#ffc27a',
  good: '#b5efcc',
  'error-surface': '#3b1719',
  'error-text': '#ffd0d0',
};

const properties = Object.keys(LIGHT)
  .map((name) => `--pool-${name}: light-dark(${LIGHT[name]}, ${DARK[name]});`).join(' ');

/** The :host rules that give an element the palette and honour its color-scheme attribute. */
export const paletteCss = `
:host { ${properties} color-scheme: inherit; }
:host([color-scheme="light"]) { color-scheme: light; }
:host([color-scheme="dark"]) { color-scheme: dark; }
`;
