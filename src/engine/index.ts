/** The engine's public face: agents, simulation and CLI import only from here. */
export * from './constants.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './geometry.ts';
export * from './majority.ts';
export * from './random.ts';
export * from './params/index.ts';
export * from './catalog/index.ts';
export type { Board, FeatureView } from './board.ts';
export type { ProspectView } from './prospect.ts';
export { FeatureTrail, RootMemo } from './root-memo.ts';
export type { SegmentField } from './segment-field.ts';
export { defineExpansion } from './expansion.ts';
export type {
  BoardPiece,
  BoardView,
  Expansion,
  ExpansionHooks,
  ExpansionRegistry,
  FeatureRates,
  MechanicDef,
  MeepleKind,
  ModulePreview,
  PreviewView,
  ReadonlyNumbers,
  SetupContext,
} from './expansion.ts';
export type { ElementType, GameSize, StateField, StateFields, StateViews } from './expansion-state.ts';
export { scoreSourcesOf, tileFieldsOf } from './prepare.ts';
export type { GameMechanic } from './hook-lists.ts';
export type { GameOptions } from './prepare.ts';
export * from './state.ts';
export type { AgentGame, AgentState, SpeedPathGame, SpeedPathState } from './views.ts';
export { speedPathGameOf, speedPathOf } from './views.ts';
