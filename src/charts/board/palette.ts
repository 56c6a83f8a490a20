/** Colours of the board pictures. Player colours follow Okabe–Ito (colour-blind-safe) plus black and white. */

export const PLAYER_COLOURS = ['#0072B2', '#D55E00', '#F0E442', '#CC79A7', '#1A1A1A', '#FFFFFF'] as const;
export const PLAYER_COLOUR_NAMES = ['blue', 'vermilion', 'yellow', 'pink', 'black', 'white'] as const;

/** Text colour that reads on a player's colour. */
export function inkOn(colour: string): string {
  const n = Number.parseInt(colour.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? '#000000' : '#FFFFFF';
}

export const COLOURS = {
  background: '#FFFFFF',
  empty: '#F2F2EE',
  field: '#A8D08D',
  fieldIsland: '#9CC97E',
  hedge: '#3E6B25',
  city: '#D9AE74',
  cityOver: '#C8965A',
  wall: '#7A4A1E',
  road: '#F8F5EC',
  roadEdge: '#6B675D',
  gate: '#4A2C10',
  villageGround: '#E9DDC2',
  house: '#F4EBDD',
  roof: '#B23A2A',
  monastery: '#F1E8D6',
  labyrinth: '#E7D6A8',
  labyrinthLine: '#5E4B2A',
  pennant: '#2B55A6',
  travellers: '#4B1F6F',
  illustration: '#FFFFFF',
  illustrationInk: '#222222',
  tileBorder: '#5C6B4E',
  highlight: '#C8102E',
  axis: '#555555',
  text: '#1A1A1A',
  muted: '#666666',
  outline: '#1A1A1A',
} as const;
