/** Board pictures: SVG and PNG of a game state (issue #5 item 3). */
export { renderBoard, renderBoardSVG, boardPiecesOf } from './render.ts';
export { meepleMark, ILLUSTRATION_LETTERS } from './tile-picture.ts';
export { segmentSpot, tileSvg } from './tile-svg.ts';
export type { BoardOptions, BoardPicture, Box } from './render.ts';
export { renderBoardPNG, boardSvgToPNG, boardFontFiles } from './png.ts';
export type { BoardPngOptions } from './png.ts';
export { tileGeometry } from './geometry.ts';
export type { TileGeometry } from './geometry.ts';
export { PLAYER_COLOURS, PLAYER_COLOUR_NAMES } from './palette.ts';
export { tileSheet } from './tile-sheet.ts';
export type { TileSheet, TileSheetOptions } from './tile-sheet.ts';
