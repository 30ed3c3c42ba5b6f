/**
 * scopa-conformance's reference engine: the rules of the Scopa family as data, and a pure, deterministic
 * engine that plays any variant described by them.
 * @module
 */
export * from './types.ts';
export { parseCard, formatCard, fullDeck, cardValue, cardSuit } from './cards.ts';
export { DEFAULT_RULES, resolveVariant, applyOptions, checkRules, mergePatch } from './variant.ts';
export { dealShape } from './setup.ts';
export {
  startGame,
  GameSession,
  supplyDeck,
  checkDecision,
  applyDecision,
  legalDecisions,
  handOf,
  tableOf,
  stockSize,
  roundRecords,
  type Step,
} from './engine.ts';
export type { GameState, GameStatus, GameResult, RoundRecord, CategoryAward, Table } from './state.ts';
export { Rng } from './rng.ts';
export { playRandomGames, shuffledDeck, randomMove } from './selfplay.ts';
export { captureTarget } from './capture.ts';
export { bestDeclaration } from './declarations.ts';
export type { Move } from './play.ts';
