/**
 * The suite as plain data (`export`): each fixture with the game an engine is asked to replay, laid out (the
 * resolved rules, the sides, every deck order with the hands and table it deals) and its expectations, in the
 * shape of spec/export.schema.json, so that a runner in any language needs neither this CLI nor a YAML parser.
 * @module
 */
import { replayFields } from '../engines/wire-game.ts';
import type { Expectations, Provenance } from '../fixture/fixture.ts';
import type { LoadedFixture } from '../load/fixtures.ts';

/** One fixture of the export: `$defs/fixture` of spec/export.schema.json. */
export interface ExportedFixture {
  id: string;
  /** The fixture's file, as the user names it. */
  file: string;
  title: string;
  tags: string[];
  /** The rule ids the fixture checks. */
  rules: string[];
  provenance: Provenance;
  /** The fields of the protocol's replay request (spec/PROTOCOL.md): what an engine replays. */
  game: Record<string, unknown>;
  expect: Expectations;
}

/** The whole export (`--format json`): the package version that wrote it and the fixtures, sorted by id. */
export interface SuiteExport {
  version: string;
  fixtures: ExportedFixture[];
}

export function exportedFixture({ fixture, request }: LoadedFixture, file: string): ExportedFixture {
  const { id, title, tags, rules, provenance, expect } = fixture;
  return { id, file, title, tags, rules, provenance, game: replayFields(request), expect };
}
