import { test } from 'vitest';
import { checkPlantedCauses, COMBINATIONS } from './planted-causes.ts';

test(`diagnose names the causes planted in engines (part 2 of 2 of ${COMBINATIONS}): every cause named, none of the bugs as a reading`, () => checkPlantedCauses(2, 2), 1_800_000);
