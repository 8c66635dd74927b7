import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { conformanceCases, sharedSkip } from '../helpers';
import { check } from './cirno-helpers';

describe("Cirno's game: the judge's samples", { skip: sharedSkip }, () => {
  const cases = conformanceCases('cirno');
  test('both samples are there', () => assert.deepEqual(cases.map((c) => c.name), ['sample-1', 'sample-2']));
  for (const c of cases) test(c.name, () => void check(c.input, c.expected));
});
